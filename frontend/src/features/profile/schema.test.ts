import { describe, expect, it } from 'vitest';
import { detailsSchema, passwordSchema } from './schema';
import { firstErrors } from '../../test/textLimits';

describe('own password schema', () => {
  it('requires the current password and both new fields', () => {
    expect(firstErrors(passwordSchema, { current_password: '', password: '', confirmPassword: '' })).toEqual({
      current_password: 'validation.field',
      password: 'validation.field',
      confirmPassword: 'validation.field',
    });
  });

  it('wants at least 4 characters', () => {
    expect(firstErrors(passwordSchema, { current_password: 'old', password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'validation.short_password',
    });
  });

  it('wants the confirmation to match', () => {
    expect(
      firstErrors(passwordSchema, { current_password: 'old', password: 'secret', confirmPassword: 'secreT' }),
    ).toEqual({
      confirmPassword: 'validation.password_match',
    });
  });

  it('accepts a valid pair with the current password', () => {
    expect(firstErrors(passwordSchema, { current_password: 'old', password: 'abcd', confirmPassword: 'abcd' })).toEqual(
      {},
    );
  });
});

describe('own details schema', () => {
  it('requires a name of 2+ characters and a username', () => {
    expect(firstErrors(detailsSchema, { name: 'A', username: '' })).toEqual({
      name: 'validation.name_min',
      username: 'validation.field',
    });
    expect(firstErrors(detailsSchema, { name: 'Ana', username: 'ana' })).toEqual({});
  });
});
