import { Form, Formik, type FormikHelpers, type FormikProps } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import { useSnackbar } from '../snackbar/snackbarContext';

interface FormDialogProps<Values extends object> {
  visible: boolean;
  title: string;
  initialValues: Values;
  validationSchema: AnyObjectSchema;
  /** Resolve when saved; throw (or reject) to keep the dialog open. */
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  onHide: () => void;
  children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
  maxWidth?: number;
  submitLabel?: string;
}

/**
 * The add/edit dialog of spec §2: modal and persistent (no close on outside click or Esc),
 * at most 600 px wide, with the starred-fields note; closing resets values and validation.
 * An invalid submit shows the red snackbar_required and sends nothing (spec §5).
 */
export function FormDialog<Values extends object>({
  visible,
  title,
  initialValues,
  validationSchema,
  onSubmit,
  onHide,
  children,
  maxWidth = 600,
  submitLabel,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const formId = useId();

  return (
    <Formik<Values>
      initialValues={initialValues}
      validationSchema={validationSchema}
      enableReinitialize
      onSubmit={async (values, helpers) => {
        try {
          await onSubmit(values, helpers);
        } catch {
          // The API layer already showed the error dialog; the form stays as typed.
        }
      }}
    >
      {(formik) => {
        const close = () => {
          formik.resetForm();
          onHide();
        };
        const submit = async () => {
          const errors = await formik.validateForm();
          if (Object.keys(errors).length > 0) snackbar.error(t('snackbar_required'));
          await formik.submitForm();
        };
        return (
          <Dialog
            visible={visible}
            onHide={close}
            header={title}
            modal
            closeOnEscape={false}
            dismissableMask={false}
            draggable={false}
            resizable={false}
            blockScroll
            style={{ width: `${maxWidth}px`, maxWidth: '96vw' }}
            className="form-dialog"
            footer={
              <div className="form-dialog__footer">
                <Button
                  type="button"
                  label={t('dialog.cancel')}
                  icon="pi pi-times"
                  severity="secondary"
                  text
                  onClick={close}
                  disabled={formik.isSubmitting}
                />
                <Button
                  type="submit"
                  form={formId}
                  label={submitLabel ?? t('dialog.save')}
                  icon="pi pi-check"
                  loading={formik.isSubmitting}
                />
              </div>
            }
          >
            <Form
              id={formId}
              noValidate
              className="form-grid"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              {typeof children === 'function' ? children(formik) : children}
              <p className="form-dialog__note">{t('dialog.required_note')}</p>
            </Form>
          </Dialog>
        );
      }}
    </Formik>
  );
}
