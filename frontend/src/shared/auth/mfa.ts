import type { LoggedUser } from '../api/me';

/** Where an account held at two-factor enrolment is sent, and the only screen it may use. */
export const ENROLMENT_PATH = '/mfa-setup';

/**
 * Whether the account must set up two-factor sign-in before anything else (issue 23).
 *
 * The profile answer, once in, decides (`mfa_required` and not `mfa_enabled`); until then the
 * sign-in answer's flag, stored with the session, does, so a held account never reaches a
 * screen whose calls would all answer 403. Without either (an older server) the account goes in.
 */
export function enrolmentRequired(
  signInFlag: boolean,
  me: Pick<LoggedUser, 'mfa_required' | 'mfa_enabled'> | undefined,
): boolean {
  if (me) return me.mfa_required === true && me.mfa_enabled !== true;
  return signInFlag;
}
