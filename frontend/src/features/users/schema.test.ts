import { describe, expect, it } from 'vitest';
import { initialUserValues, toUserPayload, userSchema, type UserFormValues } from './schema';
import type { User } from './types';
import { firstErrors } from '../../test/textLimits';

const valid: UserFormValues = {
  name: 'Ana Anić',
  username: 'ana',
  password: 'abcd',
  confirmPassword: 'abcd',
  roles: ['manager'],
  hasPartner: false,
  partner: null,
};

const VOLI = { id: 1003, name: 'Voli Trade' };

/** Field → message key of every failure. */
function errorsOf(mode: 'add' | 'edit', values: Partial<UserFormValues>): Record<string, string> {
  return firstErrors(userSchema(mode), { ...valid, ...values });
}

describe('user form schema', () => {
  it('accepts a complete add form', () => {
    expect(errorsOf('add', {})).toEqual({});
  });

  it('requires name and username', () => {
    expect(errorsOf('add', { name: '', username: '  ' })).toMatchObject({
      name: 'validation.field',
      username: 'validation.field',
    });
  });

  it('wants a name of at least 2 characters', () => {
    expect(errorsOf('add', { name: 'A' })).toEqual({ name: 'validation.name_min' });
    expect(errorsOf('add', { name: 'Al' })).toEqual({});
  });

  it('requires the password pair on add', () => {
    expect(errorsOf('add', { password: '', confirmPassword: '' })).toEqual({
      password: 'validation.field',
      confirmPassword: 'validation.field',
    });
  });

  it('wants at least 4 characters and a matching confirmation', () => {
    expect(errorsOf('add', { password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'validation.short_password',
    });
    expect(errorsOf('add', { password: 'abcd', confirmPassword: 'abce' })).toEqual({
      confirmPassword: 'validation.password_match',
    });
  });

  it('on edit, a blank password pair keeps the old password', () => {
    expect(errorsOf('edit', { password: '', confirmPassword: '' })).toEqual({});
  });

  it('on edit, a typed password is validated like on add', () => {
    expect(errorsOf('edit', { password: 'ab', confirmPassword: 'ab' })).toEqual({
      password: 'validation.short_password',
    });
    expect(errorsOf('edit', { password: 'abcdef', confirmPassword: '' })).toEqual({
      confirmPassword: 'validation.field',
    });
    expect(errorsOf('edit', { password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'validation.password_match',
    });
    expect(errorsOf('edit', { password: '', confirmPassword: 'stray' })).toEqual({
      confirmPassword: 'validation.password_match',
    });
  });

  it('needs a chosen partner only while the superior-partner switch is on', () => {
    expect(errorsOf('add', { hasPartner: false, partner: null })).toEqual({});
    expect(errorsOf('add', { hasPartner: true, partner: null })).toEqual({ partner: 'users.partner_required' });
    expect(errorsOf('add', { hasPartner: true, partner: VOLI })).toEqual({});
    // A partner left over from before the switch went off is not an error either.
    expect(errorsOf('edit', { hasPartner: false, partner: VOLI })).toEqual({});
  });

  it('translates the missing-partner message in both languages', async () => {
    const { default: sr } = await import('../../locales/users.sr-Latn-ME.json');
    const { default: en } = await import('../../locales/users.en.json');
    expect(sr.users.partner_required).toBe('Izaberite nadređenog partnera');
    expect(en.users.partner_required).toBe('Choose the superior partner');
  });
});

describe('user payload', () => {
  it('sends the password pair on add and partner_id null when the switch is off', () => {
    expect(toUserPayload({ ...valid, partner: VOLI }, 'add')).toEqual({
      name: 'Ana Anić',
      username: 'ana',
      password: 'abcd',
      confirmPassword: 'abcd',
      partner_id: null,
      roles: ['manager'],
    });
  });

  it('leaves the password out of an edit when it was not typed', () => {
    const payload = toUserPayload({ ...valid, password: '', confirmPassword: '', hasPartner: true, partner: VOLI }, 'edit');
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload.partner_id).toBe(1003);
  });

  it('fills the edit form from a user', () => {
    const user: User = {
      id: 4,
      name: 'Petar',
      username: 'petar',
      is_active: true,
      partner_id: 12,
      partner: { id: 12, name: 'Voli' },
      partner_name: 'Voli',
      roles: ['engineer'],
      created_at: '',
      updated_at: '',
      version: 1,
    };
    expect(initialUserValues(user)).toEqual({
      name: 'Petar',
      username: 'petar',
      password: '',
      confirmPassword: '',
      roles: ['engineer'],
      hasPartner: true,
      partner: { id: 12, name: 'Voli' },
    });
  });

  it('fills the switch off and no partner for a user without one', () => {
    const user: User = {
      id: 5,
      name: 'Jovan',
      username: 'jovan',
      is_active: true,
      partner_id: null,
      partner: null,
      partner_name: null,
      roles: [],
      created_at: '',
      updated_at: '',
      version: 1,
    };
    expect(initialUserValues(user)).toMatchObject({ hasPartner: false, partner: null });
    expect(initialUserValues()).toMatchObject({ hasPartner: false, partner: null });
  });
});
