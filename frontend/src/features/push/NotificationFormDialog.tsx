import type { FormikHelpers } from 'formik';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deliveryPath, errorStatus, PUSH_PARTLY_FAILED } from '../../shared/errors/apiError';
import { CategoriesField } from '../../shared/form/CategoriesField';
import { FormDialog } from '../../shared/form/FormDialog';
import { serverFieldErrors } from '../../shared/form/serverErrors';
import { TextAreaField } from '../../shared/form/TextAreaField';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import { useCreateNotificationMutation } from './api';
import {
  initialNotificationValues,
  NOTIFICATION_FIELDS,
  notificationSchema,
  toNotificationPayload,
  type NotificationFormValues,
} from './schema';
import type { PushNotification } from './types';

/**
 * Spec §2/§5 "Notification add": subject, text and the categories whose active partners get it.
 * Saving sends it and can take up to ~10 s (the server waits for the first attempts): the dialog
 * shows that it is sending and takes no second save. Saved: the delivery view opens. Saved with
 * some devices failed (491): the dialog closes and the error dialog offers the delivery view.
 * Refused (422) or unreachable: everything typed stays.
 */
export function NotificationFormDialog({ visible, onHide, onSaved }: FormRenderProps<PushNotification>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useCreateNotificationMutation();
  const sending = useRef(false);

  const onSubmit = async (values: NotificationFormValues, helpers: FormikHelpers<NotificationFormValues>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const notification = await create(toNotificationPayload(values)).unwrap();
      onSaved(undefined, notification);
      navigate(deliveryPath(notification.id));
    } catch (error) {
      if (errorStatus(error) === PUSH_PARTLY_FAILED) {
        // Saved; the API layer's dialog says some devices failed and links the delivery view.
        onHide();
        return;
      }
      const fieldErrors = serverFieldErrors(error, NOTIFICATION_FIELDS);
      if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
      throw error;
    } finally {
      sending.current = false;
    }
  };

  return (
    <FormDialog<NotificationFormValues>
      visible={visible}
      title={t('push.add_title')}
      initialValues={initialNotificationValues()}
      validationSchema={notificationSchema}
      onSubmit={onSubmit}
      onHide={onHide}
      submitLabel={t('push.send')}
    >
      {({ isSubmitting }) => (
        <>
          <TextField name="subject" label={t('push.subject')} required autoFocus autoComplete="off" disabled={isSubmitting} />
          <TextAreaField
            name="notification_text"
            label={t('push.notification_text')}
            required
            rows={3}
            hint={t('push.text_hint')}
            disabled={isSubmitting}
          />
          <CategoriesField name="categories" label={t('push.categories')} required />
          {isSubmitting && (
            <p className="push-sending" role="status">
              <i className="pi pi-spin pi-spinner" aria-hidden /> {t('push.sending')}
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
