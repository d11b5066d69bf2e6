import type { PartnerRef } from '../../shared/pickers/api';

export interface User {
  id: number;
  name: string;
  username: string;
  is_active: boolean;
  partner_id: number | null;
  partner: PartnerRef | null;
  partner_name: string | null;
  roles: string[];
  created_at: string;
  updated_at: string;
  /** Sent back with an edit (ADR 0011). */
  version: number;
  /** Two-factor sign-in is on for the account (issue 23). */
  mfa_enabled?: boolean;
}

/** POST /api/users and PUT /api/users/{id}; on edit the password pair is sent only when typed. */
export interface UserPayload {
  name: string;
  username: string;
  password?: string;
  confirmPassword?: string;
  partner_id: number | null;
  roles: string[];
}

/** GET/PUT /api/settings/security: the roles whose users must set up two-factor sign-in. */
export interface SecuritySettings {
  mfa_required_roles: string[];
  /** The policy's version, sent back with a change (a stale one is refused with 409). */
  version?: number;
}
