import { describe, expect, it } from 'vitest';
import { normaliseEvidentions, readAuth, saveAuth, saveEnrolled } from './storage';

describe('stored session', () => {
  it('keeps a session until its expiration', () => {
    saveAuth({ token: 't', expires_in: 60, partner_id: null }, 'ana', localStorage, 1_000);
    expect(localStorage.getItem('expiration')).toBe(String(61_000));
    expect(readAuth(localStorage, 60_999)).toEqual({ token: 't', expiration: 61_000, partnerId: null, username: 'ana' });
  });

  it('clears an expired session at start and treats the user as signed out', () => {
    saveAuth({ token: 't', expires_in: 60, partner_id: null }, 'ana', localStorage, 1_000);
    localStorage.setItem('evidentions', '[]');
    expect(readAuth(localStorage, 61_000)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('expiration')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('partner_id')).toBeNull();
    expect(localStorage.getItem('evidentions')).toBeNull();
  });

  it("treats the string 'null' and null evidentions as an empty list", () => {
    expect(normaliseEvidentions('null')).toEqual([]);
    expect(normaliseEvidentions(null)).toEqual([]);
    expect(normaliseEvidentions('[1,2]')).toEqual([1, 2]);
    expect(normaliseEvidentions([{ id: 1 }])).toEqual([{ id: 1 }]);
  });

  it('keeps the two-factor enrolment hold with the session until enrolment is done', () => {
    saveAuth({ token: 't', expires_in: 60, partner_id: null, mfa_enrollment_required: true }, 'ana', localStorage, 1_000);
    expect(readAuth(localStorage, 2_000)).toMatchObject({ token: 't', mfaEnrollment: true });
    saveEnrolled(localStorage);
    expect(readAuth(localStorage, 2_000)).not.toHaveProperty('mfaEnrollment');
    // A later sign-in without the hold clears one left behind.
    saveAuth({ token: 't', expires_in: 60, partner_id: null, mfa_enrollment_required: true }, 'ana', localStorage, 1_000);
    saveAuth({ token: 'u', expires_in: 60, partner_id: null, mfa_enrollment_required: false }, 'ana', localStorage, 1_000);
    expect(localStorage.getItem('mfa_enrollment')).toBeNull();
  });
});
