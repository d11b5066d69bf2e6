import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { cashRule, entityNameRule, imageRule, isImageFileType, MAX_IMAGE_BYTES } from './rules';

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

describe('cash rule (spec §9: up to 10 digits and 3 decimals)', () => {
  it.each(['0', '5', '24.9', '24,90', '1499,999', '1234567890', '1234567890.123', ' 12.5 '])('accepts %j', (value) => {
    expect(messageOf(cashRule(), value)).toBeNull();
  });

  it.each(['12345678901', '1.2345', '1,', '.5', '-1', '1e3', '12 000', 'abc', '1.2.3', '5%'])('refuses %j', (value) => {
    expect(messageOf(cashRule(), value)).toBe('validation.number');
  });

  it('is required, and takes the caller’s message and an optional percent sign', () => {
    expect(messageOf(cashRule(), '')).toBe('validation.field');
    expect(messageOf(cashRule({ message: 'validation.price' }), 'x')).toBe('validation.price');
    expect(messageOf(cashRule({ percent: true }), '12,5%')).toBeNull();
    expect(messageOf(cashRule({ percent: true }), '%')).toBe('validation.number');
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
