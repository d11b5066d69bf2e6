import * as yup from 'yup';
import { entityNameRule, passwordConfirmationRule, passwordRule, requiredText, TEXT_LIMITS } from '../../shared/validation/rules';

/**
 * Own password change (spec §5): the current password (ASVS 2.1.6), then the new one, at least
 * 4 characters, confirmation equal.
 */
export const passwordSchema = yup.object({
  // Not trimmed: a password is compared as typed.
  current_password: yup.string().required('validation.field'),
  password: passwordRule(),
  confirmPassword: passwordConfirmationRule(),
});
export type PasswordValues = yup.InferType<typeof passwordSchema>;

export const detailsSchema = yup.object({
  name: entityNameRule(),
  username: requiredText(TEXT_LIMITS.username),
});
export type DetailsValues = yup.InferType<typeof detailsSchema>;
