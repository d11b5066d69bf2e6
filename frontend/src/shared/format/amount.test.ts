import { describe, expect, it } from 'vitest';
import { COUNT, FIGURE, formatAmount, PRICE } from './amount';

const ME = 'sr-Latn-ME';
const EN = 'en';

describe('formatAmount', () => {
  it.each([
    // [API text, Montenegrin, English]
    ['0', '0', '0'],
    ['0.000', '0', '0'],
    ['7', '7', '7'],
    ['125.111', '125,111', '125.111'],
    ['162500', '162.500', '162,500'],
    ['162500.5', '162.500,5', '162,500.5'],
    ['1390', '1.390', '1,390'],
    ['12.05', '12,05', '12.05'],
    ['007.100', '7,1', '7.1'],
    ['-1250.5', '-1.250,5', '-1,250.5'],
    ['-0', '0', '0'],
    ['12%', '12%', '12%'],
    ['12.5%', '12,5%', '12.5%'],
    ['1500%', '1.500%', '1,500%'],
  ])('figure %s reads %s and %s', (api, me, en) => {
    expect(formatAmount(api, ME, FIGURE)).toBe(me);
    expect(formatAmount(api, EN, FIGURE)).toBe(en);
  });

  it('keeps every digit of the largest figure, 10 digits and 3 decimals', () => {
    expect(formatAmount('9999999999.999', ME)).toBe('9.999.999.999,999');
    expect(formatAmount('9999999999.999', EN)).toBe('9,999,999,999.999');
    expect(formatAmount('1234567890.001', ME)).toBe('1.234.567.890,001');
    // Beyond a double's exact range the text still keeps its digits.
    expect(formatAmount('123456789012345678.123', EN)).toBe('123,456,789,012,345,678.123');
  });

  it.each([
    [139, '139,00', '139.00'],
    ['139', '139,00', '139.00'],
    [139.5, '139,50', '139.50'],
    [0, '0,00', '0.00'],
    [12500, '12.500,00', '12,500.00'],
    [1234.567, '1.234,567', '1,234.567'],
    [9999999999.999, '9.999.999.999,999', '9,999,999,999.999'],
    [0.1, '0,10', '0.10'],
  ])('price %s reads %s and %s', (api, me, en) => {
    expect(formatAmount(api, ME, PRICE)).toBe(me);
    expect(formatAmount(api, EN, PRICE)).toBe(en);
  });

  it('rounds half up on the digits when fewer decimals are shown', () => {
    expect(formatAmount('2.5', EN, COUNT)).toBe('3');
    expect(formatAmount('9.96', EN, { minDecimals: 1, maxDecimals: 1 })).toBe('10.0');
    expect(formatAmount('0.004', EN, { minDecimals: 0, maxDecimals: 2 })).toBe('0');
    expect(formatAmount('1999.995', ME, { minDecimals: 2, maxDecimals: 2 })).toBe('2.000,00');
  });

  it('counts are grouped whole numbers', () => {
    expect(formatAmount(100000, ME, COUNT)).toBe('100.000');
    expect(formatAmount(3, EN, COUNT)).toBe('3');
  });

  it('leaves what is not a plain decimal as it came, and nothing as empty', () => {
    expect(formatAmount('abc', ME)).toBe('abc');
    expect(formatAmount('1,5', ME)).toBe('1,5');
    expect(formatAmount('', ME)).toBe('');
    expect(formatAmount(null, ME)).toBe('');
    expect(formatAmount(undefined, EN)).toBe('');
  });
});
