import { expect } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { TEXT_LIMITS } from '../shared/validation/rules';

/** Field → first message key, the way Formik shows them. */
export function firstErrors(schema: AnyObjectSchema, values: object): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const errors: Record<string, string> = {};
    for (const inner of e.inner) errors[inner.path ?? ''] ??= inner.message;
    return errors;
  }
}

/** The values with one text set; a password gets the same confirmation. */
function withText(valid: object, field: string, text: string): object {
  return field === 'password' ? { ...valid, password: text, confirmPassword: text } : { ...valid, [field]: text };
}

/**
 * One text field of a form keeps the server's rule (ADR 0012): the shared table's limit for its
 * name, counted in characters (an emoji or "ž" is one), and no control characters.
 */
export function expectServerTextRule(schema: AnyObjectSchema, valid: object, field: keyof typeof TEXT_LIMITS, max: number) {
  expect(max).toBe(TEXT_LIMITS[field]);
  const tooLong = { [field]: `validation.max_${max}` };
  expect(firstErrors(schema, valid)).toEqual({});
  expect(firstErrors(schema, withText(valid, field, 'A' + 'a'.repeat(max - 1)))).toEqual({});
  expect(firstErrors(schema, withText(valid, field, 'A' + 'a'.repeat(max)))).toEqual(tooLong);
  expect(firstErrors(schema, withText(valid, field, 'Ž' + 'ž'.repeat(max - 1)))).toEqual({});
  expect(firstErrors(schema, withText(valid, field, 'A' + '😀'.repeat(max - 1)))).toEqual({});
  expect(firstErrors(schema, withText(valid, field, 'A' + '😀'.repeat(max)))).toEqual(tooLong);
  expect(firstErrors(schema, withText(valid, field, 'Ab\u0000cd'))).toEqual({ [field]: 'validation.characters' });
  expect(firstErrors(schema, withText(valid, field, 'Ab\u001bcd'))).toEqual({ [field]: 'validation.characters' });
}
