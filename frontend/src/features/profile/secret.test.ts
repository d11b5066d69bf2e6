import { describe, expect, it } from 'vitest';
import { groupSecret, recoveryCodesText } from './secret';

describe('groupSecret', () => {
  it('splits a base32 secret into groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('reads a secret already spaced or in lower case the same', () => {
    expect(groupSecret('jbsw y3dp-ehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('')).toBe('');
  });
});

describe('recoveryCodesText', () => {
  it('writes one code a line under the heading', () => {
    expect(recoveryCodesText(['aaaaa-bbbbb', 'ccccc-ddddd'], 'Vitrina')).toBe('Vitrina\n\naaaaa-bbbbb\nccccc-ddddd\n');
  });
});
