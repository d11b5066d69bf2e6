import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { detailsSchema, passwordSchema } from './schema';

/** Field → first message key, as Formik shows it. */
function messages(schema: typeof passwordSchema | typeof detailsSchema, values: object): Record<string, string> {
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

describe('own password schema', () => {
  it('requires the current password and both new fields', () => {
    expect(messages(passwordSchema, { current_password: '', password: '', confirmPassword: '' })).toEqual({
      current_password: 'validation.field',
      password: 'validation.field',
      confirmPassword: 'validation.field',
    });
  });

  it('wants at least 4 characters', () => {
    expect(messages(passwordSchema, { current_password: 'old', password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'validation.short_password',
    });
  });

  it('wants the confirmation to match', () => {
    expect(
      messages(passwordSchema, { current_password: 'old', password: 'secret', confirmPassword: 'secreT' }),
    ).toEqual({
      confirmPassword: 'validation.password_match',
    });
  });

  it('accepts a valid pair with the current password', () => {
    expect(messages(passwordSchema, { current_password: 'old', password: 'abcd', confirmPassword: 'abcd' })).toEqual(
      {},
    );
  });
});

describe('own details schema', () => {
  it('requires a name of 2+ characters and a username', () => {
    expect(messages(detailsSchema, { name: 'A', username: '' })).toEqual({
      name: 'validation.name_min',
      username: 'validation.field',
    });
    expect(messages(detailsSchema, { name: 'Ana', username: 'ana' })).toEqual({});
  });
});
