import * as yup from 'yup';
import {
  nameRule,
  optionalPasswordConfirmationRule,
  optionalPasswordRule,
  passwordConfirmationRule,
  passwordRule,
  positiveIntegerRule,
  requiredText,
} from '../../shared/validation/rules';
import type { User, UserPayload } from './types';

export interface UserFormValues {
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
  roles: string[];
  hasPartner: boolean;
  partner_id: number | null;
}

/** Spec §5 "User": the password pair is required on add, checked on edit only when typed. */
export function userSchema(mode: 'add' | 'edit') {
  return yup.object({
    name: nameRule(),
    username: requiredText(),
    password: mode === 'add' ? passwordRule() : optionalPasswordRule(),
    confirmPassword: mode === 'add' ? passwordConfirmationRule() : optionalPasswordConfirmationRule(),
    roles: yup.array(yup.string().required()).default([]),
    hasPartner: yup.boolean().default(false),
    partner_id: yup
      .number()
      .nullable()
      .when('hasPartner', ([hasPartner], schema) =>
        hasPartner ? positiveIntegerRule().nullable().required('validation.field') : schema.notRequired(),
      ),
  });
}

export function initialUserValues(user?: User): UserFormValues {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    password: '',
    confirmPassword: '',
    roles: user?.roles ?? [],
    hasPartner: user ? user.partner_id !== null : false,
    partner_id: user?.partner_id ?? null,
  };
}

export function toUserPayload(values: UserFormValues, mode: 'add' | 'edit'): UserPayload {
  const payload: UserPayload = {
    name: values.name.trim(),
    username: values.username.trim(),
    partner_id: values.hasPartner ? values.partner_id : null,
    roles: values.roles,
  };
  if (mode === 'add' || values.password !== '') {
    payload.password = values.password;
    payload.confirmPassword = values.confirmPassword;
  }
  return payload;
}
