import { describe, it } from 'vitest';
import { expectServerTextRule } from '../../test/textLimits';
import { loginSchema } from './schema';

describe('sign-in form', () => {
  it('username: 100, no control characters, like the server', () =>
    expectServerTextRule(loginSchema, { username: 'admin', password: 'x' }, 'username', 100));
});
