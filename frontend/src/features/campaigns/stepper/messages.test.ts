import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import sr from '../../../locales/sr-Latn-ME.json';
import stepperEn from '../../../locales/campaign_stepper.en.json';
import stepperSr from '../../../locales/campaign_stepper.sr-Latn-ME.json';
import campaignsEn from '../../../locales/campaigns.en.json';
import campaignsSr from '../../../locales/campaigns.sr-Latn-ME.json';
import { errorKeySuffix } from '../../../shared/errors/errorKey';

// Every sentence the stepper's calls may answer (PUT /api/campaignDetails/{id}, GET /api/partners
// with category_ids): translated in the main catalogue or in the campaign screens' (which the
// stepper opens from) or its own, both languages.
const SENTENCES = [
  "The selected partners are not in the campaign's categories.",
  'The campaign contains cart items.',
  'The selected categories is invalid.',
  'The selected products is invalid.',
  'The selected product is invalid.',
  'The cash is less than what the partner has ordered.',
  'The cash field is required.',
  'The cash must be a number.',
  'The partners must be a list of partners with their cash.',
  'The categories must be a list of ids.',
  'The products must be a list of ids.',
  'The categories may not have more than 1000 items.',
  'The partners may not have more than 200000 items.',
  'The products may not have more than 200000 items.',
  'The category ids must be a list of ids.',
  'The category ids may not have more than 1000 items.',
  'The filter is not supported.',
  'The record was changed by someone else. Reload it to see the changes.',
  'The version field is required.',
];

type Catalogue = { errorValidations?: Record<string, string>; [namespace: string]: unknown };

describe('the stepper’s server sentences', () => {
  it.each(SENTENCES)('"%s" reads in both languages', (sentence) => {
    const suffix = errorKeySuffix(sentence);
    const find = (...catalogues: Catalogue[]) => catalogues.map((c) => c.errorValidations?.[suffix]).find(Boolean);
    expect(find(sr, campaignsSr, stepperSr)).toBeTruthy();
    expect(find(en, campaignsEn, stepperEn)).toBeTruthy();
  });

  it('says the spec’s number message for a wrong cash', () => {
    expect(campaignsSr.errorValidations.The_cash_must_be_a_number).toBe('Ovo polje mora biti broj.');
    expect(sr.validation.number).toBe('Ovo polje mora biti broj.');
  });
});
