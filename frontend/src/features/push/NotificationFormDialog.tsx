import type { FormikHelpers } from 'formik';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deliveryPath, errorStatus, PUSH_PARTLY_FAILED } from '../../shared/errors/apiError';
import { CategoriesField } from '../../shared/form/CategoriesField';
import { FormDialog } from '../../shared/form/FormDialog';
import { serverFieldErrors } from '../../shared/form/serverErrors';
import { TextAreaField } from '../../shared/form/TextAreaField';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import { useCreateNotificationMutation, useLazyNotificationReachQuery } from './api';
import {
  initialNotificationValues,
  NOTIFICATION_FIELDS,
  notificationSchema,
  toNotificationPayload,
  type NotificationFormValues,
} from './schema';
import type { PushNotification, PushReach } from './types';

/** The question before sending: what the add reaches, and the answer it waits for. */
interface Asking {
  subject: string;
  reach: PushReach;
  answer: (send: boolean) => void;
}

/**
 * Spec §2/§5 "Notification add": subject, text and the categories whose active partners get it.
 * Saving sends it and can take up to ~10 s (the server waits for the first attempts): the dialog
 * shows that it is sending and takes no second save. Saved: the delivery view opens. Saved with
 * some devices failed (491): the dialog closes and the error dialog offers the delivery view.
 * Refused (422) or unreachable: everything typed stays. Before sending, the dialog says how
 * many partners and devices the notification reaches and asks (issue 20); No keeps the form.
 */
export function NotificationFormDialog({ visible, onHide, onSaved }: FormRenderProps<PushNotification>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useCreateNotificationMutation();
  const [askReach] = useLazyNotificationReachQuery();
  const sending = useRef(false);
  const [phase, setPhase] = useState<'asking' | 'sending' | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  /** Asks the server for the reach and the user whether to send; false when the user declines. */
  const confirmSend = async (payload: ReturnType<typeof toNotificationPayload>) => {
    const reach = await askReach(payload.categories).unwrap();
    return new Promise<boolean>((resolve) => {
      setAsking({
        subject: payload.subject,
        reach,
        answer: (send) => {
          setAsking(null);
          resolve(send);
        },
      });
    });
  };

  const onSubmit = async (values: NotificationFormValues, helpers: FormikHelpers<NotificationFormValues>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const payload = toNotificationPayload(values);
      setPhase('asking');
      if (!(await confirmSend(payload))) return;
      setPhase('sending');
      const notification = await create(payload).unwrap();
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
      setPhase(null);
    }
  };

  const reachText = (a: Asking) =>
    [
      t('push.confirm_reach', { subject: a.subject, partners: a.reach.partners, devices: a.reach.devices }),
      a.reach.devices === 0 ? t('push.confirm_no_devices') : null,
      a.reach.push_configured ? null : t('push.confirm_not_configured'),
    ]
      .filter(Boolean)
      .join(' ');

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
          {isSubmitting && phase !== null && (
            <p className="push-sending" role="status">
              <i className="pi pi-spin pi-spinner" aria-hidden /> {t(phase === 'asking' ? 'push.reach_loading' : 'push.sending')}
            </p>
          )}
          <ConfirmDialog
            visible={asking !== null}
            onHide={() => asking?.answer(false)}
            header={t('push.confirm_title')}
            message={asking ? reachText(asking) : ''}
            icon="pi pi-send"
            acceptLabel={t('push.confirm_send')}
            rejectLabel={t('dialog.cancel')}
            accept={() => asking?.answer(true)}
            reject={() => asking?.answer(false)}
            className="push-confirm"
          />
        </>
      )}
    </FormDialog>
  );
}
