import { describe, it } from 'vitest';
import { expectServerTextRule } from '../../test/textLimits';
import { userSchema } from './schema';

const user = { name: 'Ana Anić', username: 'ana', password: 'abcd', confirmPassword: 'abcd', roles: [], hasPartner: false, partner: null };

describe('user form keeps the server’s text limits', () => {
  it('name: 200', () => expectServerTextRule(userSchema('add'), user, 'name', 200));
  it('username: 100', () => expectServerTextRule(userSchema('add'), user, 'username', 100));
  it('password: 128', () => expectServerTextRule(userSchema('add'), user, 'password', 128));
  it('a new password on edit: 128', () =>
    expectServerTextRule(userSchema('edit'), { ...user, password: '', confirmPassword: '' }, 'password', 128));
});
