import * as yup from 'yup';
import { cashRule } from '../../shared/validation/amountRules';
import { imageRule, entityNameRule, paragraphRule } from '../../shared/validation/rules';
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

/** The cash dialog's form (spec §5): the one cash rule of shared/validation, in the user's language. */
export const cashSchema = (language: string) => yup.object({ cash: cashRule(language) });
