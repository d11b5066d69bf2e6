import * as yup from 'yup';

/** Shared Yup rules (spec §5). Messages are catalogue keys, translated where they are shown. */
export const MIN_PASSWORD = 4;
export const MIN_NAME = 2;

/**
 * The longest text each field keeps, in characters, as the server's domain rules have them
 * (docs/adr/0012-text-limits.md). Keyed by the form field's name, so every form shows the same
 * limit for the same kind of field; the text fields read their counter's limit from here too.
 */
export const TEXT_LIMITS = {
  name: 200,
  address: 300,
  contact: 300,
  phone: 300,
  description: 2000,
  notification_text: 200,
  subject: 200,
  username: 100,
  password: 128,
  confirmPassword: 128,
  pib: 50,
  pdv: 50,
} as const;

/** The limits that have a message: one catalogue key per limit (validation.max_200 …). */
export type TextLimit = (typeof TEXT_LIMITS)[keyof typeof TEXT_LIMITS];

/** Characters as the server counts them: code points, so an emoji or "ž" is one. */
export const textLength = (value: string) => Array.from(value).length;

/** Whether the text holds a control character the server refuses; multi-line text keeps tabs and line breaks. */
export function hasControlCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const control = c <= 0x1f || (c >= 0x7f && c <= 0x9f);
    if (control && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}

/** Adds the server's text rule to a string schema: no control characters, at most max characters (trimmed). */
export const limitText = <S extends yup.StringSchema<string | undefined, yup.AnyObject, unknown, yup.Flags>>(
  schema: S,
  max: TextLimit,
  { multiline = false, trim = true }: { multiline?: boolean; trim?: boolean } = {},
): S =>
  schema
    .test('characters', 'validation.characters', (v) => !v || !hasControlCharacter(v, multiline))
    .test('max_length', `validation.max_${max}`, (v) => !v || textLength(trim ? v.trim() : v) <= max);

/** An optional one-line text of at most max characters. */
export const optionalText = (max: TextLimit) => limitText(yup.string().default(''), max);

export const requiredText = (max: TextLimit = TEXT_LIMITS.name) =>
  limitText(yup.string().trim().required('validation.field'), max);

export const nameRule = (max: TextLimit = TEXT_LIMITS.name) => requiredText(max).min(MIN_NAME, 'validation.name_min');

/** A required multi-line text (descriptions): tabs and line breaks allowed. */
export const paragraphRule = (max: TextLimit = TEXT_LIMITS.description) =>
  limitText(yup.string().trim().required('validation.field'), max, { multiline: true }).min(MIN_NAME, 'validation.name_min');

/** Passwords are counted as typed, spaces included, like the server hashes them. */
const limitPassword = <S extends yup.StringSchema<string | undefined, yup.AnyObject, unknown, yup.Flags>>(schema: S): S =>
  limitText(schema, TEXT_LIMITS.password, { trim: false });

export const passwordRule = () =>
  limitPassword(yup.string().required('validation.field').min(MIN_PASSWORD, 'validation.short_password'));

export const passwordConfirmationRule = (field = 'password') =>
  yup
    .string()
    .required('validation.field')
    .oneOf([yup.ref(field)], 'validation.password_match');

/** Edit forms: blank keeps the old password; anything typed must meet the same rules. */
export const optionalPasswordRule = () =>
  limitPassword(
    yup
      .string()
      .default('')
      .test('short_password', 'validation.short_password', (v) => !v || v.length >= MIN_PASSWORD),
  );

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

/** The largest partner id a hand may enter: 2^53 − 1, the largest whole number JavaScript holds exactly. */
export const MAX_PARTNER_ID = Number.MAX_SAFE_INTEGER;

/** A hand-entered id as typed: digits only, not zero, at most MAX_PARTNER_ID (the server's rule). */
export const handEnteredIdRule = () =>
  yup
    .string()
    .trim()
    .required('validation.field')
    .test('positive_integer', 'validation.positive_integer', (v) => !v || (/^\d+$/.test(v) && /[1-9]/.test(v)))
    .test('max_id', 'validation.max_id', (v) => !v || !/^\d+$/.test(v) || Number(v) <= MAX_PARTNER_ID);

export const positiveIntegerRule = () =>
  yup
    .number()
    .typeError('validation.positive_integer')
    .integer('validation.positive_integer')
    .positive('validation.positive_integer');

/** Every record's name (the server's one name rule, kernel.NewName): also must not start with a digit. */
export const entityNameRule = () =>
  nameRule().test('no_leading_digit', 'validation.name_digit', (v) => !v || !/^\d/.test(v));

/** Whether a field error says that something is missing rather than wrong. */
const isRequiredError = (key: string) => key === 'validation.field' || /_required$/.test(key);

function errorKeys(errors: unknown): string[] {
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.flatMap(errorKeys);
  if (typeof errors === 'object' && errors !== null) return Object.values(errors).flatMap(errorKeys);
  return [];
}

/**
 * The catalogue key of the red notice of a refused submit (spec §5): "fill the required fields"
 * when something is missing; otherwise what is wrong, by name when it is one problem ("The
 * amount cannot be less than 0"), and "correct the marked fields" for several.
 */
export function invalidSubmitKey(errors: unknown): string {
  const keys = errorKeys(errors);
  if (keys.length === 0 || keys.some(isRequiredError)) return 'snackbar_required';
  const wrong = [...new Set(keys)];
  if (wrong.length === 1) return wrong[0];
  return 'snackbar_invalid';
}

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

/** A chosen image file (null when none); required on add, optional on edit. A form may name its own messages. */
export const imageRule = ({
  required,
  messages = {},
}: {
  required: boolean;
  messages?: { required?: string; type?: string; size?: string };
}) =>
  yup
    .mixed<File>()
    .nullable()
    .default(null)
    .test('image_required', messages.required ?? 'validation.image_required', (file) => !required || Boolean(file))
    .test('image_type', messages.type ?? 'validation.image_type', (file) => !file || isImageFileType(file))
    .test('image_size', messages.size ?? 'validation.image_size', (file) => !file || file.size <= MAX_IMAGE_BYTES);
