import * as yup from 'yup';
import { requiredText } from '../../shared/validation/rules';

export const loginSchema = yup.object({
  username: requiredText(),
  password: yup.string().required('validation.field'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
