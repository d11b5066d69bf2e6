import { describe, expect, it } from 'vitest';
import { contactSchema, toContactPayload } from './contactSchema';
import { excelFileProblem, MAX_EXCEL_BYTES } from '../../shared/excel/excelFile';
import { initialPartnerValues, partnerSchema, toPartnerPayload, type PartnerFormValues } from './schema';
import type { Partner } from './types';
import { firstErrors } from '../../test/textLimits';

const valid: PartnerFormValues = {
  id: '2001',
  name: 'Gradnja Plus d.o.o.',
  address: 'Bulevar 12',
  pib: '02345678',
  pdv: '30/31-01234-5',
  city_id: 3,
  phone: '+382 67 123 456',
  bonus: '10.5',
  debt: '1200',
  payment: '0',
  toolCash: '99,999',
  annualPlan: '50000',
  moneyCirculation: '15',
  password: 'tajna',
  confirmPassword: 'tajna',
  categories: [{ id: 2, name: 'Alati' }],
  partner_type_id: null,
};

/** Field → the first message key, the way Formik shows it. */
const ME = 'sr-Latn-ME';

function errorsOf(mode: 'add' | 'edit', values: Partial<PartnerFormValues>, language = ME): Record<string, string> {
  return firstErrors(partnerSchema(mode, language), { ...valid, ...values });
}

const partner: Partner = {
  id: 1001,
  name: 'Gradnja Plus d.o.o.',
  address: 'Bulevar Svetog Petra Cetinjskog 12',
  pib: '02345678',
  pdv: '30/31-01234-5',
  city_id: 3,
  city: { id: 3, name: 'Podgorica' },
  city_name: 'Podgorica',
  phone: '+382 67 123 456',
  bonus: '10.5',
  debt: '1200',
  payment: '0',
  toolCash: '99.999',
  annualPlan: '50000',
  moneyCirculation: '15%',
  categories: [
    { id: 2, name: 'Alati' },
    { id: 5, name: 'Boje i lakovi' },
  ],
  category_names: 'Alati, Boje i lakovi',
  partner_type_id: 1,
  partner_type: { id: 1, name: 'Veleprodaja' },
  partner_type_name: 'Veleprodaja',
  is_active: true,
  updated_at: '2026-11-21T10:00:00Z',
  version: 1,
};

describe('partner form schema', () => {
  it('accepts a complete add form and a complete edit form', () => {
    expect(errorsOf('add', {})).toEqual({});
    expect(errorsOf('edit', { password: '', confirmPassword: '' })).toEqual({});
  });

  it('requires id, name, city, the six figures, the password pair and a category on add', () => {
    const empty = initialPartnerValues(undefined, ME);
    expect(errorsOf('add', empty)).toEqual({
      id: 'validation.field',
      name: 'validation.field',
      city_id: 'validation.field',
      bonus: 'validation.field',
      debt: 'validation.field',
      payment: 'validation.field',
      toolCash: 'validation.field',
      annualPlan: 'validation.field',
      moneyCirculation: 'validation.field',
      password: 'validation.field',
      confirmPassword: 'validation.field',
      categories: 'validation.categories_required',
    });
  });

  it('wants the id to be a positive whole number', () => {
    for (const id of ['0', '000', '-5', '12.5', '1e3', 'abc', '1 2']) {
      expect(errorsOf('add', { id })).toEqual({ id: 'validation.positive_integer' });
    }
    // Past 2^53 − 1 JavaScript no longer holds the id exactly.
    expect(errorsOf('add', { id: '1234567890123456789' })).toEqual({ id: 'validation.max_id' });
    expect(errorsOf('add', { id: ' 1011 ' })).toEqual({});
    expect(errorsOf('add', { id: '007' })).toEqual({});
  });

  it('does not ask for the id on edit', () => {
    expect(errorsOf('edit', { id: '', password: '', confirmPassword: '' })).toEqual({});
  });

  it('wants a name of at least 2 characters', () => {
    expect(errorsOf('add', { name: 'A' })).toEqual({ name: 'validation.name_min' });
    expect(errorsOf('add', { name: '  ' })).toEqual({ name: 'validation.field' });
    // One name rule for every record (spec §5, ADR 0023): a partner's name may not start with a digit.
    expect(errorsOf('add', { name: '3M Crna Gora' })).toEqual({ name: 'validation.name_digit' });
    expect(errorsOf('add', { name: 'Crna Gora 3M' })).toEqual({});
  });

  it('on add, each figure must be a number ≥ 0 with up to 10 digits and 3 decimals', () => {
    for (const bad of ['abc', '15%', '1e3', '1.2.3']) {
      expect(errorsOf('add', { debt: bad })).toEqual({ debt: 'partners.must_be_number' });
    }
    expect(errorsOf('add', { debt: '-5' })).toEqual({ debt: 'validation.amount_negative' });
    expect(errorsOf('add', { debt: '1,2345' })).toEqual({ debt: 'validation.amount_decimals' });
    expect(errorsOf('add', { debt: '12345678901' })).toEqual({ debt: 'validation.amount_digits' });
    for (const good of ['0', '1200', '12,5', '12,125', '9999999999', '3.200', '1.600,5', '1 000']) {
      expect(errorsOf('add', { debt: good })).toEqual({});
    }
    expect(errorsOf('add', { debt: '1,600.5' }, 'en')).toEqual({});
    expect(errorsOf('add', { debt: '1.600,5' }, 'en')).toEqual({ debt: 'partners.must_be_number' });
  });

  it('on edit, a figure follows the cash pattern with an optional percent sign (spec §5)', () => {
    const edit = (values: Partial<PartnerFormValues>) => errorsOf('edit', { password: '', confirmPassword: '', ...values });
    for (const good of ['15%', '10,5%', '15 %', '0', '1200', '99,999', '125.111']) {
      expect(edit({ moneyCirculation: good })).toEqual({});
    }
    for (const bad of ['abc', '%15', '1%5']) {
      expect(edit({ moneyCirculation: bad })).toEqual({ moneyCirculation: 'validation.number' });
    }
    expect(edit({ moneyCirculation: '-1' })).toEqual({ moneyCirculation: 'validation.amount_negative' });
    expect(edit({ moneyCirculation: '1,2345' })).toEqual({ moneyCirculation: 'validation.amount_decimals' });
    expect(edit({ moneyCirculation: '12345678901%' })).toEqual({ moneyCirculation: 'validation.amount_digits' });
    expect(edit({ toolCash: '' })).toEqual({ toolCash: 'validation.field' });
  });

  it('on add, the password needs 4 characters and a matching confirmation', () => {
    expect(errorsOf('add', { password: 'abc', confirmPassword: 'abc' })).toEqual({ password: 'validation.short_password' });
    expect(errorsOf('add', { password: 'abcd', confirmPassword: 'abce' })).toEqual({
      confirmPassword: 'validation.password_match',
    });
    // An empty confirmation does not match either (the shared rule reports the mismatch first).
    expect(errorsOf('add', { password: 'abcd', confirmPassword: '' })).toHaveProperty('confirmPassword');
  });

  it('on edit, the password is checked only when typed', () => {
    const edit = (password: string, confirmPassword: string) => errorsOf('edit', { password, confirmPassword });
    expect(edit('', '')).toEqual({});
    expect(edit('ab', 'ab')).toEqual({ password: 'validation.short_password' });
    expect(edit('abcdef', '')).toEqual({ confirmPassword: 'validation.field' });
    expect(edit('abcdef', 'abcdeg')).toEqual({ confirmPassword: 'validation.password_match' });
    expect(edit('abcdef', 'abcdef')).toEqual({});
  });

  it('needs at least one category on add and on edit', () => {
    expect(errorsOf('add', { categories: [] })).toEqual({ categories: 'validation.categories_required' });
    expect(errorsOf('edit', { categories: [], password: '', confirmPassword: '' })).toEqual({
      categories: 'validation.categories_required',
    });
  });

  it('leaves the partner type optional', () => {
    expect(errorsOf('add', { partner_type_id: null })).toEqual({});
    expect(errorsOf('add', { partner_type_id: 2 })).toEqual({});
  });
});

describe('partner payload', () => {
  it('sends the id, figures in the API form, category ids and a null type on add', () => {
    expect(toPartnerPayload({ ...valid, id: ' 2001 ', name: ' Gradnja ', partner_type_id: 0 }, 'add', ME)).toEqual({
      id: '2001',
      name: 'Gradnja',
      address: 'Bulevar 12',
      pib: '02345678',
      pdv: '30/31-01234-5',
      city_id: 3,
      phone: '+382 67 123 456',
      bonus: '10.5',
      debt: '1200',
      payment: '0',
      toolCash: '99.999',
      annualPlan: '50000',
      moneyCirculation: '15',
      password: 'tajna',
      confirmPassword: 'tajna',
      categories: [2],
      partner_type_id: null,
    });
  });

  it('reads the figures the language’s way: 3.200 is three thousand two hundred in Montenegrin', () => {
    const typed = { ...valid, debt: '3.200', bonus: '1.600,5', payment: '1.5', annualPlan: '125.111' };
    expect(toPartnerPayload(typed, 'add', ME)).toMatchObject({ debt: '3200', bonus: '1600.5', payment: '1.5', annualPlan: '125111' });
    const english = { ...valid, debt: '3,200', bonus: '1,600.5', payment: '1,5', annualPlan: '125.111' };
    expect(toPartnerPayload(english, 'add', 'en')).toMatchObject({ debt: '3200', bonus: '1600.5', payment: '1.5', annualPlan: '125.111' });
  });

  it('fills the edit form from a partner in the language’s format, keeping a percent figure, and sends no id', () => {
    expect(initialPartnerValues(partner, 'en')).toMatchObject({ toolCash: '99.999', debt: '1,200', moneyCirculation: '15%' });
    const values = initialPartnerValues(partner, ME);
    expect(values).toMatchObject({
      id: '1001',
      city_id: 3,
      moneyCirculation: '15%',
      toolCash: '99,999',
      debt: '1.200',
      bonus: '10,5',
      password: '',
      confirmPassword: '',
      categories: [
        { id: 2, name: 'Alati' },
        { id: 5, name: 'Boje i lakovi' },
      ],
      partner_type_id: 1,
    });
    const payload = toPartnerPayload(values, 'edit', ME);
    expect(payload).not.toHaveProperty('id');
    // What was loaded goes back exactly as it came.
    expect(payload).toMatchObject({ toolCash: '99.999', debt: '1200', bonus: '10.5' });
    expect(payload).toMatchObject({ moneyCirculation: '15%', password: '', confirmPassword: '', categories: [2, 5], partner_type_id: 1 });
  });
});

describe('contact form', () => {
  const contactErrors = (values: object) => firstErrors(contactSchema(), values);


  it('wants a contact of 2+ characters and a type', () => {
    expect(contactErrors({ contact: '', contact_type_id: null })).toEqual({
      contact: 'validation.field',
      contact_type_id: 'validation.field',
    });
    expect(contactErrors({ contact: 'x', contact_type_id: 1 })).toEqual({ contact: 'validation.name_min' });
    expect(contactErrors({ contact: '+382 67 111 222', contact_type_id: 1 })).toEqual({});
    expect(toContactPayload({ contact: ' a@b.me ', contact_type_id: 3 })).toEqual({ contact: 'a@b.me', contact_type_id: 3 });
  });
});

describe('Excel file check', () => {
  it('takes .xlsx and .xls up to 10 MB', () => {
    expect(excelFileProblem({ name: 'Partners.xlsx', size: 1000 })).toBeNull();
    expect(excelFileProblem({ name: 'STARI.XLS', size: 1000 })).toBeNull();
    expect(excelFileProblem({ name: 'partners.csv', size: 1000 })).toBe('excel.file_validation');
    expect(excelFileProblem({ name: 'xlsx', size: 1000 })).toBe('excel.file_validation');
    expect(excelFileProblem({ name: 'big.xlsx', size: MAX_EXCEL_BYTES + 1 })).toBe('excel.file_size');
  });
});
