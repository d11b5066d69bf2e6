import * as yup from 'yup';
import {
  entityNameRule,
  optionalPasswordConfirmationRule,
  optionalPasswordRule,
  passwordConfirmationRule,
  passwordRule,
  requiredText,
  TEXT_LIMITS,
} from '../../shared/validation/rules';
import type { PartnerRef } from '../../shared/pickers/api';
import type { User, UserPayload } from './types';

export interface UserFormValues {
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
  roles: string[];
  /** The spec's 'superior partner' switch (§6). */
  hasPartner: boolean;
  /** Chosen in the choose-partner dialog; kept while the switch is off, sent only while it is on. */
  partner: PartnerRef | null;
}

/**
 * Spec §5 "User": the password pair is required on add, checked on edit only when typed; with the
 * superior-partner switch on (§6) a partner must be chosen.
 */
export function userSchema(mode: 'add' | 'edit') {
  return yup.object({
    name: entityNameRule(),
    username: requiredText(TEXT_LIMITS.username),
    password: mode === 'add' ? passwordRule() : optionalPasswordRule(),
    confirmPassword: mode === 'add' ? passwordConfirmationRule() : optionalPasswordConfirmationRule(),
    roles: yup.array(yup.string().required()).default([]),
    hasPartner: yup.boolean().default(false),
    partner: yup
      .object({ id: yup.number().required(), name: yup.string().defined() })
      .nullable()
      .default(null)
      .when('hasPartner', ([hasPartner], schema) =>
        hasPartner ? schema.required('users.partner_required') : schema,
      ),
  });
}

/** The user's linked partner; the name falls back to partner_name, then to the id. */
function partnerOf(user?: User): PartnerRef | null {
  if (!user || user.partner_id === null) return null;
  if (user.partner) return { id: user.partner.id, name: user.partner.name };
  return { id: user.partner_id, name: user.partner_name ?? String(user.partner_id) };
}

export function initialUserValues(user?: User): UserFormValues {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    password: '',
    confirmPassword: '',
    roles: user?.roles ?? [],
    hasPartner: user ? user.partner_id !== null : false,
    partner: partnerOf(user),
  };
}

export function toUserPayload(values: UserFormValues, mode: 'add' | 'edit'): UserPayload {
  const payload: UserPayload = {
    name: values.name.trim(),
    username: values.username.trim(),
    partner_id: values.hasPartner && values.partner ? values.partner.id : null,
    roles: values.roles,
  };
  if (mode === 'add' || values.password !== '') {
    payload.password = values.password;
    payload.confirmPassword = values.confirmPassword;
  }
  return payload;
}
