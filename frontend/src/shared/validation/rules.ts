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

/** Names of reference data (countries, categories, cities): also must not start with a digit. */
export const entityNameRule = () =>
  nameRule().test('no_leading_digit', 'validation.name_digit', (v) => !v || !/^\d/.test(v));

/**
 * The cash/number pattern (spec §5, §9): up to 10 integer digits, optionally 1 to 3 decimals
 * after a comma or a dot; with `percent`, an optional trailing percent sign.
 */
export const CASH_PATTERN = /^\d{1,10}([.,]\d{1,3})?$/;
export const CASH_PERCENT_PATTERN = /^\d{1,10}([.,]\d{1,3})?%?$/;

export const cashRule = ({ percent = false, message = 'validation.number' }: { percent?: boolean; message?: string } = {}) =>
  requiredText().matches(percent ? CASH_PERCENT_PATTERN : CASH_PATTERN, { message, excludeEmptyString: true });

/** Uploaded images (spec §5, §9): jpg, jpeg or png, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The file input's accept attribute. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** By name and declared type; the server checks the content itself. */
export function isImageFileType(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1].toLowerCase() ?? '';
  const typeOk = file.type === '' || (IMAGE_TYPES as readonly string[]).includes(file.type);
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension) && typeOk;
}

/** A chosen image file (null when none); required on add, optional on edit. */
export const imageRule = ({ required }: { required: boolean }) =>
  yup
    .mixed<File>()
    .nullable()
    .default(null)
    .test('image_required', 'validation.image_required', (file) => !required || Boolean(file))
    .test('image_type', 'validation.image_type', (file) => !file || isImageFileType(file))
    .test('image_size', 'validation.image_size', (file) => !file || file.size <= MAX_IMAGE_BYTES);
