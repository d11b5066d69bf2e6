/** Local storage keys of the spec (§3 "locally stored auth data"). */
export const AUTH_KEYS = {
  token: 'token',
  expiration: 'expiration',
  partnerId: 'partner_id',
  username: 'username',
  evidentions: 'evidentions',
} as const;

export interface StoredAuth {
  token: string;
  /** Milliseconds since the epoch. */
  expiration: number;
  partnerId: number | null;
  username: string;
}

export interface LoginAnswer {
  token: string;
  expires_in: number;
  partner_id: number | null;
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
  return { token, expiration, partnerId, username: storage.getItem(AUTH_KEYS.username) ?? '' };
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
  };
  storage.setItem(AUTH_KEYS.token, auth.token);
  storage.setItem(AUTH_KEYS.expiration, String(auth.expiration));
  storage.setItem(AUTH_KEYS.partnerId, String(auth.partnerId));
  storage.setItem(AUTH_KEYS.username, auth.username);
  return auth;
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
