import { describe, expect, it } from 'vitest';
import { expectServerTextRule, firstErrors } from '../../test/textLimits';
import { detailsSchema, passwordSchema } from './schema';

const password = { current_password: 'old1', password: 'abcd', confirmPassword: 'abcd' };

describe('own profile keeps the server’s text limits', () => {
  it('name: 200', () => expectServerTextRule(detailsSchema, { name: 'Ana', username: 'ana' }, 'name', 200));
  it('username: 100', () => expectServerTextRule(detailsSchema, { name: 'Ana', username: 'ana' }, 'username', 100));
  it('new password: 128', () => expectServerTextRule(passwordSchema, password, 'password', 128));

  it('counts a password as typed, spaces included', () => {
    const padded = ` ${'p'.repeat(128)}`;
    expect(firstErrors(passwordSchema, { ...password, password: padded, confirmPassword: padded })).toEqual({
      password: 'validation.max_128',
    });
  });
});
