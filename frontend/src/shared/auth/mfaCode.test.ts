import { describe, expect, it } from 'vitest';
import { codeSchema, normaliseCode } from './mfaCode';

describe('normaliseCode', () => {
  it('drops the spaces typed inside a six-digit code', () => {
    expect(normaliseCode(' 123 456 ', false)).toBe('123456');
  });

  it('keeps a recovery code as typed, without the spaces around it', () => {
    expect(normaliseCode(' abcde-fghij ', true)).toBe('abcde-fghij');
  });
});

describe('codeSchema', () => {
  const valid = (recovery: boolean, code: string) => codeSchema(recovery).isValidSync({ code });

  it('takes six digits, and nothing else, for an app code', () => {
    expect(valid(false, '123456')).toBe(true);
    expect(valid(false, '123 456')).toBe(true);
    expect(valid(false, '12345')).toBe(false);
    expect(valid(false, '12345a')).toBe(false);
    expect(valid(false, '')).toBe(false);
  });

  it('takes two groups of five for a recovery code', () => {
    expect(valid(true, 'abcde-12345')).toBe(true);
    expect(valid(true, 'abcde12345')).toBe(true); // the server reads it without the dash too
    expect(valid(true, 'abcd-12345')).toBe(false);
    expect(valid(true, '123456')).toBe(false);
  });
});
