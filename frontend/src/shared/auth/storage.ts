/** Local storage keys of the spec (§3 "locally stored auth data"). */
export const AUTH_KEYS = {
  token: 'token',
  expiration: 'expiration',
  partnerId: 'partner_id',
  username: 'username',
  evidentions: 'evidentions',
  /** '1' while the account must set up two-factor sign-in before anything else (issue 23). */
  mfaEnrollment: 'mfa_enrollment',
} as const;

export interface StoredAuth {
  token: string;
  /** Milliseconds since the epoch. */
  expiration: number;
  partnerId: number | null;
  username: string;
  /** The sign-in said the role requires two-factor and the account has none yet: enrolment first. */
  mfaEnrollment?: boolean;
}

export interface LoginAnswer {
  token: string;
  expires_in: number;
  partner_id: number | null;
  /** The role requires two-factor sign-in and the account has none: only enrolment is open. */
  mfa_enrollment_required?: boolean;
}

export function clearAuth(storage: Storage = localStorage): void {
  Object.values(AUTH_KEYS).forEach((key) => storage.removeItem(key));
}

/** Reads the stored session; an expired or incomplete one is removed and treated as none. */
export function readAuth(storage: Storage = localStorage, now: number = Date.now()): StoredAuth | null {
  const token = storage.getItem(AUTH_KEYS.token);
  const expiration = Number(storage.getItem(AUTH_KEYS.expiration));
  if (!token || !Number.isFinite(expiration) || expiration <= now) {
    if (token || storage.getItem(AUTH_KEYS.expiration)) clearAuth(storage);
    return null;
  }
  const partnerRaw = storage.getItem(AUTH_KEYS.partnerId);
  const partnerId = partnerRaw && partnerRaw !== 'null' ? Number(partnerRaw) : null;
  return {
    token,
    expiration,
    partnerId,
    username: storage.getItem(AUTH_KEYS.username) ?? '',
    ...(storage.getItem(AUTH_KEYS.mfaEnrollment) === '1' ? { mfaEnrollment: true } : {}),
  };
}

export function saveAuth(
  answer: LoginAnswer,
  username: string,
  storage: Storage = localStorage,
  now: number = Date.now(),
): StoredAuth {
  const auth: StoredAuth = {
    token: answer.token,
    expiration: now + answer.expires_in * 1000,
    partnerId: answer.partner_id,
    username,
    ...(answer.mfa_enrollment_required ? { mfaEnrollment: true } : {}),
  };
  storage.setItem(AUTH_KEYS.token, auth.token);
  if (auth.mfaEnrollment) storage.setItem(AUTH_KEYS.mfaEnrollment, '1');
  else storage.removeItem(AUTH_KEYS.mfaEnrollment);
  storage.setItem(AUTH_KEYS.expiration, String(auth.expiration));
  storage.setItem(AUTH_KEYS.partnerId, String(auth.partnerId));
  storage.setItem(AUTH_KEYS.username, auth.username);
  return auth;
}

/** Two-factor sign-in is set up: the stored session is no longer held at enrolment. */
export function saveEnrolled(storage: Storage = localStorage): void {
  storage.removeItem(AUTH_KEYS.mfaEnrollment);
}

export function saveUsername(username: string, storage: Storage = localStorage): void {
  storage.setItem(AUTH_KEYS.username, username);
}

/** The notification info answer: the string 'null' (or null) means an empty list (spec §3). */
export function normaliseEvidentions(value: unknown): unknown[] {
  if (value === null || value === undefined || value === 'null') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function saveEvidentions(value: unknown, storage: Storage = localStorage): void {
  storage.setItem(AUTH_KEYS.evidentions, JSON.stringify(normaliseEvidentions(value)));
}
