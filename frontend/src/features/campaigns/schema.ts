import * as yup from 'yup';
import { CASH_PATTERN, imageRule, entityNameRule, paragraphRule, requiredText } from '../../shared/validation/rules';
import type { Campaign } from './types';

export interface CampaignFormValues {
  name: string;
  description: string;
  /** A newly chosen image; null keeps the current one on edit. */
  image: File | null;
}

/** Spec §5 "Campaign": name and description required (≥ 2), the image required on add, jpg/jpeg/png. */
export const campaignSchema = (mode: 'add' | 'edit') =>
  yup.object({
    name: entityNameRule(),
    description: paragraphRule(),
    image: imageRule({ required: mode === 'add' }),
  });

export function initialCampaignValues(campaign: Campaign | undefined): CampaignFormValues {
  return { name: campaign?.name ?? '', description: campaign?.description ?? '', image: null };
}

/** The multipart body of POST /api/campaigns[/{id}]; without a new image the old one stays. */
export function toCampaignFormData(values: CampaignFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  if (values.image) form.append('image', values.image, values.image.name);
  return form;
}

/**
 * A partner's cash in a campaign (spec §5, §9): required, not below 0, up to 10 integer digits
 * and 3 decimals after a comma or a dot; 'Ovo polje mora biti broj.' otherwise.
 */
export const cashRule = () =>
  requiredText()
    .test('valid_price', 'campaigns.valid_price', (v) => !v || !/^-\s*\d/.test(v.trim()))
    .test('number', 'validation.number', (v) => !v || /^-\s*\d/.test(v.trim()) || CASH_PATTERN.test(v.trim()));

/** The cash as the API reads it: a dot before the decimals. */
export const cashToApi = (typed: string) => typed.trim().replace(',', '.');

/** A stored cash as the form shows it, with the language's decimal separator (no grouping: it is typed). */
export function cashToInput(cash: string | number, language: string): string {
  const text = String(cash);
  return language === 'en' ? text : text.replace('.', ',');
}

export const cashSchema = () => yup.object({ cash: cashRule() });
