import { describe, expect, it } from 'vitest';
import { expectServerTextRule, firstErrors } from '../../test/textLimits';
import { contactSchema } from './contactSchema';
import { partnerSchema } from './schema';

const partner = {
  id: '2001',
  name: 'Gradnja Plus d.o.o.',
  address: 'Bulevar 12',
  pib: '02345678',
  pdv: '30/31-01234-5',
  city_id: 3,
  phone: '+382 67 123 456',
  bonus: '1',
  debt: '1',
  payment: '0',
  toolCash: '0',
  annualPlan: '0',
  moneyCirculation: '0',
  password: 'tajna',
  confirmPassword: 'tajna',
  categories: [{ id: 2, name: 'Alati' }],
  partner_type_id: null,
};

describe('partner forms keep the server’s text limits', () => {
  it.each([
    ['name', 200],
    ['address', 300],
    ['pib', 50],
    ['pdv', 50],
    ['phone', 300],
    ['password', 128],
  ] as const)('%s: %i', (field, max) => {
    expectServerTextRule(partnerSchema('add', 'sr-Latn-ME'), partner, field, max);
  });

  it('a new password on edit: 128', () => {
    expectServerTextRule(partnerSchema('edit', 'sr-Latn-ME'), { ...partner, password: '', confirmPassword: '' }, 'password', 128);
  });

  it('contact: 300', () => expectServerTextRule(contactSchema(), { contact: '068 111', contact_type_id: 1 }, 'contact', 300));
});

describe('hand-entered partner id', () => {
  it('stays within what JavaScript represents exactly (2^53 − 1)', () => {
    expect(firstErrors(partnerSchema('add', 'sr-Latn-ME'), { ...partner, id: '9007199254740991' })).toEqual({});
    expect(firstErrors(partnerSchema('add', 'sr-Latn-ME'), { ...partner, id: '9007199254740992' })).toEqual({ id: 'validation.max_id' });
    expect(firstErrors(partnerSchema('add', 'sr-Latn-ME'), { ...partner, id: '99999999999999999999' })).toEqual({ id: 'validation.max_id' });
    expect(firstErrors(partnerSchema('add', 'sr-Latn-ME'), { ...partner, id: '0' })).toEqual({ id: 'validation.positive_integer' });
  });
});
