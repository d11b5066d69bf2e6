import type { DialogContent } from './dialogSlice';
import {
  deliveryPath,
  errorBody,
  errorStatus,
  isFetchBaseQueryError,
  notificationIdOf,
  PUSH_PARTLY_FAILED,
  validationMessages,
} from './apiError';

/** The server's answer to an edit of a record that changed since it was loaded (409). */
export const STALE_MESSAGE = 'The record was changed by someone else. Reload it to see the changes.';

/** Maps a failed call to the dialog of spec §8. 401 is handled before this (session expiry). */
export function describeError(error: unknown): DialogContent {
  const status = errorStatus(error);
  const body = errorBody(error);
  switch (status) {
    case 403:
      return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.forbidden' };
    case 404:
      return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.not_found' };
    case 409:
      // A stale edit (ADR 0011): the server's sentence, translated by the key rule.
      return { kind: 'error', titleKey: 'errors.title', serverMessages: [body.message ?? STALE_MESSAGE] };
    case 422:
      return { kind: 'error', titleKey: 'validation.error', serverMessages: validationMessages(body) };
    case 429:
      // Spec §8 (Excel upload): the response text, translated, after the generic sentence.
      return {
        kind: 'error',
        titleKey: 'errors.title',
        messageKey: 'errors.too_many',
        serverMessages: body.message ? [body.message] : undefined,
      };
    case 434:
      return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.inactive_exists' };
    case 435:
      // The spec's text, then the server's reason ("The country has active cities."), translated.
      return {
        kind: 'error',
        titleKey: 'errors.title',
        messageKey: 'errors.in_use',
        serverMessages: body.message ? [body.message] : undefined,
      };
    case 436:
      return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.invalid_dates' };
    case 489:
      return { kind: 'error', titleKey: 'errors.title' };
    case PUSH_PARTLY_FAILED: {
      // Saved; the dialog offers the delivery view that names the failed devices.
      const id = notificationIdOf(error);
      return {
        kind: 'error',
        titleKey: 'errors.title',
        messageKey: 'errors.push_failed',
        action: id === null ? undefined : { labelKey: 'errors.push_failed_view', to: deliveryPath(id) },
      };
    }
    default:
      break;
  }
  if (isFetchBaseQueryError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) {
    return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.network' };
  }
  return { kind: 'error', titleKey: 'errors.title', messageKey: 'errors.generic' };
}

export const SESSION_EXPIRED: DialogContent = {
  kind: 'session',
  titleKey: 'errors.session_expired_title',
  messageKey: 'errors.session_expired',
};
