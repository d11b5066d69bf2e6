import type { i18n as I18n } from 'i18next';
import { errorBody, errorStatus } from '../../shared/errors/apiError';
import { translateServerMessage } from '../../shared/errors/errorKey';

export interface LoginFailure {
  status: number | null;
  message?: string;
  /** The sign-in was right but the account is linked to a partner: it belongs to the partner app. */
  partnerApp?: boolean;
  /** The two-factor step took too long (its challenge expired): the password again. */
  challengeExpired?: boolean;
}

/** A partner-linked account's sign-in: not an error of the password, but the wrong app (spec §6). */
export const PARTNER_APP_FAILURE: LoginFailure = { status: null, partnerApp: true };

/** The second step's 401: the challenge the password opened expired or is unknown (issue 23). */
export const CHALLENGE_EXPIRED_FAILURE: LoginFailure = { status: 401, challengeExpired: true };

export function toLoginFailure(error: unknown): LoginFailure {
  return { status: errorStatus(error), message: errorBody(error).message };
}

/** The server's 429 when every password check is taken: a moment's wait, not the throttle's window. */
const BUSY = 'The server is busy. Try again in a moment.';

/** The alert text of a failed login (spec §8): 429 its own text, else the server message or the fallback. */
export function loginFailureText(
  failure: LoginFailure,
  i18n: Pick<I18n, 't' | 'getResource' | 'language' | 'resolvedLanguage'>,
): string {
  if (failure.partnerApp) return i18n.t('login.partner_account');
  if (failure.challengeExpired) return i18n.t('login.challenge_expired');
  if (failure.status === 429 && failure.message === BUSY) return translateServerMessage(i18n, BUSY);
  if (failure.status === 429) return i18n.t('errors.too_many');
  if (failure.status === null) return i18n.t('errors.network');
  if (failure.status >= 500) return i18n.t('errors.generic');
  return failure.message ? translateServerMessage(i18n, failure.message) : i18n.t('login.failed');
}
