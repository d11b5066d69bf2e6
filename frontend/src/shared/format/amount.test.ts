import { describe, expect, it } from 'vitest';
import {
  amountProblemKey,
  amountToApi,
  amountToInput,
  COUNT,
  FIGURE,
  formatAmount,
  formatTypedAmount,
  parseAmount,
  PRICE,
} from './amount';

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

describe('parseAmount', () => {
  const ok = (value: string) => ({ ok: true, value });
  const bad = (problem: string) => ({ ok: false, problem });

  it.each([
    // [typed, Montenegrin reading, English reading]
    ['3200', '3200', '3200'],
    // A group character and exactly three digits: read the language's way, never as decimals.
    ['3.200', '3200', '3.2'],
    ['3,200', '3.2', '3200'],
    ['1.299', '1299', '1.299'],
    ['1.500', '1500', '1.5'],
    ['125.111', '125111', '125.111'],
    ['125,111', '125.111', '125111'],
    ['1.234.567', '1234567', null],
    ['1,234,567', null, '1234567'],
    // Both separators: the language's grouping and decimal mark.
    ['3.200,5', '3200.5', null],
    ['3,200.5', null, '3200.5'],
    ['1.600,50', '1600.5', null],
    // A single separator that cannot be a grouping is the decimal mark.
    ['1.5', '1.5', '1.5'],
    ['1,5', '1.5', '1.5'],
    ['12.05', '12.05', '12.05'],
    ['1250,5', '1250.5', '1250.5'],
    [',5', '0.5', '0.5'],
    // Spaces, leading zeros and trailing decimal zeros.
    [' 1 500 ', '1500', '1500'],
    ['007,100', '7.1', '7100'],
    ['0', '0', '0'],
    ['-0', '0', '0'],
    ['+12', '12', '12'],
    ['9.999.999.999,999', '9999999999.999', null],
    ['9,999,999,999.999', null, '9999999999.999'],
  ])('%s reads %s in Montenegrin and %s in English', (typed, me, en) => {
    expect(parseAmount(typed, ME)).toEqual(me === null ? bad('number') : ok(me));
    expect(parseAmount(typed, EN)).toEqual(en === null ? bad('number') : ok(en));
  });

  it('refuses a malformed grouping instead of guessing', () => {
    for (const typed of ['1.23.456', '12.34.567', '1234.567', '1.2345.6', '1..5', '1.,5', '1,5,5']) {
      expect(parseAmount(typed, ME)).toEqual(bad('number'));
    }
    for (const typed of ['1,23,456', '1234,567', '1.5.5', '1,234.5.6']) {
      expect(parseAmount(typed, EN)).toEqual(bad('number'));
    }
  });

  it('says a negative amount is negative, in any minus sign', () => {
    for (const typed of ['-5', '-1.500', '- 1,5', '\u22123', '-0,001']) {
      expect(parseAmount(typed, ME)).toEqual(bad('negative'));
      expect(parseAmount(typed, EN)).toEqual(bad('negative'));
    }
  });

  it('allows at most 3 decimals and 10 integer digits', () => {
    expect(parseAmount('1,2345', ME)).toEqual(bad('decimals'));
    expect(parseAmount('1.2345', EN)).toEqual(bad('decimals'));
    expect(parseAmount('0,0001', ME)).toEqual(bad('decimals'));
    // Trailing zeros are not decimals the amount has.
    expect(parseAmount('1,5000', ME)).toEqual(ok('1.5'));
    expect(parseAmount('12345678901', ME)).toEqual(bad('digits'));
    expect(parseAmount('12.345.678.901', ME)).toEqual(bad('digits'));
    expect(parseAmount('00012345678901', ME)).toEqual(bad('digits'));
    expect(parseAmount('0001234567890', ME)).toEqual(ok('1234567890'));
  });

  it('refuses garbage and an empty text', () => {
    for (const typed of ['abc', '12a', '1e3', '0x10', '.', ',', '-', '12€', 'NaN', '1/2', '١٢']) {
      expect(parseAmount(typed, ME)).toEqual(bad('number'));
      expect(parseAmount(typed, EN)).toEqual(bad('number'));
    }
    expect(parseAmount('', ME)).toEqual(bad('required'));
    expect(parseAmount('   ', EN)).toEqual(bad('required'));
  });

  it('keeps a trailing percent sign only where a percentage is allowed', () => {
    expect(parseAmount('15%', ME, { percent: true })).toEqual(ok('15%'));
    expect(parseAmount('12,5 %', ME, { percent: true })).toEqual(ok('12.5%'));
    expect(parseAmount('12.5%', EN, { percent: true })).toEqual(ok('12.5%'));
    expect(parseAmount('15%', ME)).toEqual(bad('number'));
    expect(parseAmount('%', ME, { percent: true })).toEqual(bad('number'));
  });

  it('reads back every amount it formats, in both languages', () => {
    for (const api of ['0', '7', '125.111', '162500', '162500.5', '1390', '12.05', '9999999999.999', '0.001', '15%', '12.5%']) {
      for (const language of [ME, EN]) {
        for (const precision of [FIGURE, PRICE]) {
          const shown = formatAmount(api, language, precision);
          expect(parseAmount(shown, language, { percent: true })).toEqual(ok(api));
          // A second blur changes nothing.
          expect(formatTypedAmount(shown, language, precision, { percent: true })).toBe(shown);
        }
      }
    }
  });
});

describe('amount fields', () => {
  it('send the API one exact form whatever the language', () => {
    expect(amountToApi('3.200', ME)).toBe('3200');
    expect(amountToApi('3.200', EN)).toBe('3.2');
    expect(amountToApi('1.299,90', ME)).toBe('1299.9');
    expect(amountToApi('1,299.90', EN)).toBe('1299.9');
    expect(amountToApi('15 %', ME, { percent: true })).toBe('15%');
    expect(amountToApi(' abc ', ME)).toBe('abc');
  });

  it('start in the language format and show on blur what will be saved', () => {
    expect(amountToInput('125.111', ME)).toBe('125,111');
    expect(amountToInput('125.111', EN)).toBe('125.111');
    expect(amountToInput(1299, ME, PRICE)).toBe('1.299,00');
    expect(formatTypedAmount('3200', ME)).toBe('3.200');
    expect(formatTypedAmount('3.200', ME)).toBe('3.200');
    expect(formatTypedAmount('1.5', ME)).toBe('1,5');
    expect(formatTypedAmount('1299', ME, PRICE)).toBe('1.299,00');
    expect(formatTypedAmount('1.299', EN, PRICE)).toBe('1.299');
    expect(formatTypedAmount('-5', ME)).toBe('-5');
    expect(formatTypedAmount('abc', EN)).toBe('abc');
  });

  it('name each problem with its catalogue key', () => {
    expect(amountProblemKey('1.500', ME)).toBeNull();
    expect(amountProblemKey('', ME)).toBe('validation.field');
    expect(amountProblemKey('abc', ME)).toBe('validation.number');
    expect(amountProblemKey('abc', ME, { numberMessage: 'validation.price' })).toBe('validation.price');
    expect(amountProblemKey('-1', ME)).toBe('validation.amount_negative');
    expect(amountProblemKey('1,2345', ME)).toBe('validation.amount_decimals');
    expect(amountProblemKey('12345678901', EN)).toBe('validation.amount_digits');
  });
});
