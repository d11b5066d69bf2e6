import * as yup from 'yup';

/** Shared Yup rules (spec §5). Messages are catalogue keys, translated where they are shown. */
export const MIN_PASSWORD = 4;
export const MIN_NAME = 2;

export const requiredText = () => yup.string().trim().required('validation.field');

export const nameRule = () => requiredText().min(MIN_NAME, 'validation.name_min');

export const passwordRule = () =>
  yup.string().required('validation.field').min(MIN_PASSWORD, 'validation.short_password');

export const passwordConfirmationRule = (field = 'password') =>
  yup
    .string()
    .required('validation.field')
    .oneOf([yup.ref(field)], 'validation.password_match');

/** Edit forms: blank keeps the old password; anything typed must meet the same rules. */
export const optionalPasswordRule = () =>
  yup
    .string()
    .default('')
    .test('short_password', 'validation.short_password', (v) => !v || v.length >= MIN_PASSWORD);

export const optionalPasswordConfirmationRule = (field = 'password') => {
  const passwordOf = (parent: unknown): string => {
    const value = (parent as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value : '';
  };
  return yup
    .string()
    .default('')
    .test('required_with_password', 'validation.field', function required(value) {
      return passwordOf(this.parent) === '' || Boolean(value);
    })
    .test('password_match', 'validation.password_match', function match(value) {
      const password = passwordOf(this.parent);
      if (password !== '' && !value) return true; // reported as required
      return (value ?? '') === password;
    });
};

export const positiveIntegerRule = () =>
  yup
    .number()
    .typeError('validation.positive_integer')
    .integer('validation.positive_integer')
    .positive('validation.positive_integer');
