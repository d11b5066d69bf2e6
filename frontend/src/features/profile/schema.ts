import * as yup from 'yup';
import { nameRule, passwordConfirmationRule, passwordRule, requiredText } from '../../shared/validation/rules';

/** Own password change (spec §5): required, at least 4 characters, confirmation equal. */
export const passwordSchema = yup.object({
  password: passwordRule(),
  confirmPassword: passwordConfirmationRule(),
});
export type PasswordValues = yup.InferType<typeof passwordSchema>;

export const detailsSchema = yup.object({
  name: nameRule(),
  username: requiredText(),
});
export type DetailsValues = yup.InferType<typeof detailsSchema>;
