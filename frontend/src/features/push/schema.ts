import * as yup from 'yup';
import { nameRule, paragraphRule, TEXT_LIMITS } from '../../shared/validation/rules';
import type { CategoryRef, NewNotification } from './types';

/** The add dialog's values: the chosen categories as chips (id and name). */
export interface NotificationFormValues {
  subject: string;
  notification_text: string;
  categories: CategoryRef[];
}

/** The fields a refused save (422) may name. */
export const NOTIFICATION_FIELDS = ['subject', 'notification_text', 'categories'] as const;

/**
 * Spec §5 "Notification add": subject and text required, at least 2 characters within the
 * server's limits, the subject one line, the text with line breaks if wanted; at least one category.
 */
export const notificationSchema = yup.object({
  subject: nameRule(TEXT_LIMITS.subject),
  notification_text: paragraphRule(TEXT_LIMITS.notification_text),
  categories: yup
    .array(yup.object({ id: yup.number().required(), name: yup.string().default('') }))
    .default([])
    .min(1, 'validation.categories_required'),
});

export const initialNotificationValues = (): NotificationFormValues => ({
  subject: '',
  notification_text: '',
  categories: [],
});

export function toNotificationPayload(values: NotificationFormValues): NewNotification {
  return {
    subject: values.subject.trim(),
    notification_text: values.notification_text.trim(),
    categories: values.categories.map((c) => c.id),
  };
}
