import * as yup from 'yup';
import { entityNameRule } from '../../../shared/validation/rules';
import type { City, CityPayload } from '../types';

export interface CityFormValues {
  name: string;
  country_id: number | null;
}

/** Spec §5 "City": the name rules of reference data and a chosen country. */
export const citySchema = () =>
  yup.object({
    name: entityNameRule(),
    country_id: yup.number().nullable().required('validation.field'),
  });

export function initialCityValues(city?: City): CityFormValues {
  return { name: city?.name ?? '', country_id: city?.country_id ?? null };
}

export function toCityPayload(values: CityFormValues): CityPayload {
  return { name: values.name.trim(), country_id: values.country_id };
}
