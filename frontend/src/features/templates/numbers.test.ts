import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatWeek } from './numbers';

describe('formatAmount', () => {
  it('groups by language and writes the decimals the sum has', () => {
    expect(formatAmount('162500', 'sr-Latn-ME')).toBe('162.500');
    expect(formatAmount('162500', 'en')).toBe('162,500');
    expect(formatAmount('1300.6', 'sr-Latn-ME')).toBe('1.300,6');
    expect(formatAmount('0.001', 'en')).toBe('0.001');
  });

  it('stays exact beyond what a float holds', () => {
    // 2^53 + 1 thousandths' worth of digits: a Number would round the last one.
    expect(formatAmount('9300000000000000.005', 'en')).toBe('9,300,000,000,000,000.005');
    expect(formatAmount('10000001200.499', 'sr-Latn-ME')).toBe('10.000.001.200,499');
  });

  it('leaves what is not an amount as it is', () => {
    expect(formatAmount('n/a', 'en')).toBe('n/a');
    expect(formatAmount('', 'en')).toBe('');
  });
});

describe('formatCount and formatWeek', () => {
  it('formats by language', () => {
    expect(formatCount(12500, 'sr-Latn-ME')).toBe('12.500');
    expect(formatCount(12500, 'en')).toBe('12,500');
    expect(formatWeek('2026-03-02', 'en')).toBe('Mar 2, 2026');
    expect(formatWeek('soon', 'en')).toBe('soon');
  });
});
