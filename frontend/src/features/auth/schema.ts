import * as yup from 'yup';
import { requiredText, TEXT_LIMITS } from '../../shared/validation/rules';

export const loginSchema = yup.object({
  username: requiredText(TEXT_LIMITS.username),
  password: yup.string().required('validation.field'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
