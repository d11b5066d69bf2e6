import { describe, expect, it } from 'vitest';
import { enrolmentRequired } from './mfa';

describe('enrolmentRequired', () => {
  it('holds the account at enrolment when the role requires two-factor and it is off', () => {
    expect(enrolmentRequired(false, { mfa_required: true, mfa_enabled: false })).toBe(true);
    expect(enrolmentRequired(true, { mfa_required: true, mfa_enabled: false })).toBe(true);
  });

  it('lets the account in once two-factor is on, or when the role does not require it', () => {
    expect(enrolmentRequired(true, { mfa_required: true, mfa_enabled: true })).toBe(false);
    expect(enrolmentRequired(true, { mfa_required: false, mfa_enabled: false })).toBe(false);
    expect(enrolmentRequired(false, { mfa_required: false, mfa_enabled: true })).toBe(false);
  });

  it('follows the sign-in answer until the profile answer is in', () => {
    expect(enrolmentRequired(true, undefined)).toBe(true);
    expect(enrolmentRequired(false, undefined)).toBe(false);
  });

  it('lets an older server, which says nothing of two-factor, in', () => {
    expect(enrolmentRequired(false, {})).toBe(false);
  });
});
