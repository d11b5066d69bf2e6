import * as yup from 'yup';

/** The six digits of an authenticator app's code (RFC 6238). */
const TOTP_CODE = /^\d{6}$/;
/** A recovery code as the server hands them out: two groups of five, e.g. 'k3m9p-x2q7w'. */
const RECOVERY_CODE = /^[A-Za-z0-9]{5}[-\s]?[A-Za-z0-9]{5}$/;

/** What the code field sends: a six-digit code without the spaces a user may type, a recovery code as typed. */
export function normaliseCode(value: string, recovery: boolean): string {
  const trimmed = value.trim();
  return recovery ? trimmed : trimmed.replace(/[\s-]/g, '');
}

/** A code field's rule: required, then six digits, or a recovery code's shape. */
export function codeRule(recovery: boolean) {
  return yup
    .string()
    .required('validation.field')
    .test('code-shape', recovery ? 'security.mfa.recovery_code_shape' : 'security.mfa.code_shape', (value) =>
      (recovery ? RECOVERY_CODE : TOTP_CODE).test(normaliseCode(value ?? '', recovery)),
    );
}

/** A form of one code field. */
export function codeSchema(recovery: boolean) {
  return yup.object({ code: codeRule(recovery) });
}

export interface CodeValues {
  code: string;
}
