import * as yup from 'yup';
import { amountToApi, amountToInput, FIGURE } from '../../shared/format/amount';
import { amountRule } from '../../shared/validation/amountRules';
import {
  handEnteredIdRule,
  entityNameRule,
  optionalPasswordConfirmationRule,
  optionalPasswordRule,
  passwordConfirmationRule,
  passwordRule,
  optionalText,
  TEXT_LIMITS,
} from '../../shared/validation/rules';
import { FIGURE_FIELDS, type FigureField, type Figures, type Partner, type PartnerPayload, type Ref } from './types';

export type PartnerFormMode = 'add' | 'edit';

export interface PartnerFormValues extends Figures {
  /** Typed by hand on add; not editable afterwards. */
  id: string;
  name: string;
  address: string;
  pib: string;
  pdv: string;
  city_id: number | null;
  phone: string;
  password: string;
  confirmPassword: string;
  categories: Ref[];
  /** null: not chosen; 0: chosen "no type". Both are sent as null. */
  partner_type_id: number | null;
}

/**
 * Spec §5 "Partner": on add each figure is a number ≥ 0 (up to 10 digits and 3 decimals, like
 * the server's add rule), on edit also with an optional trailing percent sign. Figures are typed
 * in the user's language (ADR 0024): '3.200' is three thousand two hundred in Montenegrin.
 */
export const figureRule = (mode: PartnerFormMode, language: string) =>
  mode === 'add' ? amountRule({ language, message: 'partners.must_be_number' }) : amountRule({ language, percent: true });

const figureRules = (mode: PartnerFormMode, language: string) =>
  Object.fromEntries(FIGURE_FIELDS.map((f) => [f, figureRule(mode, language)])) as Record<FigureField, ReturnType<typeof figureRule>>;

export function partnerSchema(mode: PartnerFormMode, language: string) {
  return yup.object({
    ...(mode === 'add' ? { id: handEnteredIdRule() } : {}),
    name: entityNameRule(),
    address: optionalText(TEXT_LIMITS.address),
    pib: optionalText(TEXT_LIMITS.pib),
    pdv: optionalText(TEXT_LIMITS.pdv),
    city_id: yup.number().nullable().required('validation.field'),
    phone: optionalText(TEXT_LIMITS.phone),
    ...figureRules(mode, language),
    password: mode === 'add' ? passwordRule() : optionalPasswordRule(),
    confirmPassword: mode === 'add' ? passwordConfirmationRule() : optionalPasswordConfirmationRule(),
    categories: yup
      .array(yup.object({ id: yup.number().required(), name: yup.string().default('') }))
      .default([])
      .min(1, 'validation.categories_required'),
    partner_type_id: yup.number().nullable().default(null),
  });
}

/** The form's values; a partner's figures in the language's number format, as the list shows them. */
export function initialPartnerValues(partner: Partner | undefined, language: string): PartnerFormValues {
  const figures = Object.fromEntries(FIGURE_FIELDS.map((f) => [f, amountToInput(partner?.[f], language, FIGURE)])) as Figures;
  return {
    id: partner ? String(partner.id) : '',
    name: partner?.name ?? '',
    address: partner?.address ?? '',
    pib: partner?.pib ?? '',
    pdv: partner?.pdv ?? '',
    city_id: partner?.city_id ?? null,
    phone: partner?.phone ?? '',
    ...figures,
    password: '',
    confirmPassword: '',
    categories: partner?.categories.map(({ id, name }) => ({ id, name })) ?? [],
    partner_type_id: partner?.partner_type_id ?? null,
  };
}

/**
 * The JSON of POST (with the id) or PUT (without; blank passwords keep the old one). Figures go
 * in the API's exact form ('1.500,5' typed in Montenegrin is '1500.5'; a percentage keeps its %).
 */
export function toPartnerPayload(values: PartnerFormValues, mode: PartnerFormMode, language: string): PartnerPayload {
  const figures = Object.fromEntries(
    FIGURE_FIELDS.map((f) => [f, amountToApi(values[f], language, { percent: mode === 'edit' })]),
  ) as Figures;
  const payload: PartnerPayload = {
    name: values.name.trim(),
    address: values.address.trim(),
    pib: values.pib.trim(),
    pdv: values.pdv.trim(),
    city_id: values.city_id,
    phone: values.phone.trim(),
    ...figures,
    password: values.password,
    confirmPassword: values.confirmPassword,
    categories: values.categories.map((c) => c.id),
    partner_type_id: values.partner_type_id ? values.partner_type_id : null,
  };
  return mode === 'add' ? { id: values.id.trim(), ...payload } : payload;
}
