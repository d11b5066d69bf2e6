import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { amountRule, cashProblem, cashRule, cashToApi } from './amountRules';
import { entityNameRule, invalidSubmitKey, imageRule, isImageFileType, MAX_IMAGE_BYTES } from './rules';

/** The first message a rule gives for a value, or null when it passes. */
function messageOf(schema: { validateSync: (value: unknown) => unknown }, value: unknown): string | null {
  try {
    schema.validateSync(value);
    return null;
  } catch (e) {
    if (e instanceof yup.ValidationError) return e.message;
    throw e;
  }
}

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('entity name rule (countries, categories, cities)', () => {
  it.each([
    ['', 'validation.field'],
    ['   ', 'validation.field'],
    ['A', 'validation.name_min'],
    [' B ', 'validation.name_min'],
    ['1Podgorica', 'validation.name_digit'],
    ['  7 Hills', 'validation.name_digit'],
  ])('refuses %j with %s', (value, message) => {
    expect(messageOf(entityNameRule(), value)).toBe(message);
  });

  it.each(['Crna Gora', 'Bar', 'Šavnik', 'Alati 2000', 'A1'])('accepts %j', (value) => {
    expect(messageOf(entityNameRule(), value)).toBeNull();
  });
});

describe('amount and cash rules (spec §9: up to 10 digits and 3 decimals, in the user’s language)', () => {
  const ME = 'sr-Latn-ME';
  it.each(['0', '5', '24,9', '24,90', '1499,999', '1234567890', '1.234.567.890,123', ' 12,5 ', '3.200', '1 500'])('accepts %j in Montenegrin', (value) => {
    expect(messageOf(cashRule(ME), value)).toBeNull();
  });

  it.each(['24.9', '1,499.999', '1,234,567,890.123', '3,200'])('accepts %j in English', (value) => {
    expect(messageOf(cashRule('en'), value)).toBeNull();
  });

  it.each([
    ['12345678901', 'validation.amount_digits'],
    ['1,2345', 'validation.amount_decimals'],
    ['1,', 'validation.number'],
    ['-1', 'validation.amount_negative'],
    ['-1.500,5', 'validation.amount_negative'],
    ['1e3', 'validation.number'],
    ['abc', 'validation.number'],
    ['1.2.3', 'validation.number'],
    ['5%', 'validation.number'],
  ])('refuses %j with %s', (value, message) => {
    expect(messageOf(cashRule(ME), value)).toBe(message);
    expect(cashProblem(value, ME)).toBe(message);
  });

  it('is required, and takes the caller’s message and an optional percent sign', () => {
    expect(messageOf(cashRule(ME), '')).toBe('validation.field');
    expect(cashProblem(undefined, ME)).toBe('validation.field');
    expect(messageOf(amountRule({ language: ME, message: 'validation.price' }), 'x')).toBe('validation.price');
    expect(messageOf(amountRule({ language: ME, message: 'validation.price' }), '-3')).toBe('validation.amount_negative');
    expect(messageOf(amountRule({ language: ME, percent: true }), '12,5%')).toBeNull();
    expect(messageOf(amountRule({ language: ME, percent: true }), '%')).toBe('validation.number');
  });

  it('converts to the API’s exact form by the language', () => {
    expect(cashToApi('1.500', ME)).toBe('1500');
    expect(cashToApi('1.500', 'en')).toBe('1.5');
    expect(cashToApi('1.500,25', ME)).toBe('1500.25');
  });
});

describe('the notice of a refused submit', () => {
  it('asks for the required fields when something is missing', () => {
    expect(invalidSubmitKey({ name: 'validation.field' })).toBe('snackbar_required');
    expect(invalidSubmitKey({ image: 'validation.image_required', categories: 'validation.categories_required' })).toBe('snackbar_required');
  });

  it('says the one problem when nothing is missing', () => {
    expect(invalidSubmitKey({ cash: 'validation.amount_negative' })).toBe('validation.amount_negative');
    expect(invalidSubmitKey({ debt: 'validation.number', bonus: 'validation.number' })).toBe('validation.number');
    expect(invalidSubmitKey({ rows: [{ cash: 'validation.amount_decimals' }] })).toBe('validation.amount_decimals');
  });

  it('asks for the required fields first, even beside a wrong one', () => {
    expect(invalidSubmitKey({ name: 'validation.field', cash: 'validation.amount_negative' })).toBe('snackbar_required');
  });

  it('asks to correct the marked fields when several are wrong and none is missing', () => {
    expect(invalidSubmitKey({ debt: 'validation.number', bonus: 'validation.amount_negative' })).toBe('snackbar_invalid');
  });
});

describe('image rule (jpg, jpeg, png, at most 5 MB)', () => {
  it('is required on add and optional on edit', () => {
    expect(messageOf(imageRule({ required: true }), null)).toBe('validation.image_required');
    expect(messageOf(imageRule({ required: false }), null)).toBeNull();
  });

  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['PHOTO.JPEG', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['no-type.png', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(messageOf(imageRule({ required: true }), fileOf(name, type))).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['anim.gif', 'image/gif'],
    ['vector.svg', 'image/svg+xml'],
    ['fake.png', 'text/html'],
    ['png', ''],
  ])('refuses %s (%s) by type', (name, type) => {
    expect(messageOf(imageRule({ required: false }), fileOf(name, type))).toBe('validation.image_type');
  });

  it('refuses anything over 5 MB', () => {
    expect(messageOf(imageRule({ required: true }), fileOf('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES))).toBeNull();
    expect(messageOf(imageRule({ required: true }), fileOf('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1))).toBe(
      'validation.image_size',
    );
  });

  it('judges the type by name and declared type only', () => {
    expect(isImageFileType({ name: 'a.jpg', type: 'image/png' })).toBe(true);
    expect(isImageFileType({ name: 'a.jpg.exe', type: '' })).toBe(false);
  });
});
