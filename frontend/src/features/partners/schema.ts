import * as yup from 'yup';
import {
  cashRule,
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
 * the server's add rule), on edit the cash pattern with an optional trailing percent sign.
 */
export const figureRule = (mode: PartnerFormMode) =>
  mode === 'add' ? cashRule({ message: 'partners.must_be_number' }) : cashRule({ percent: true });

const figureRules = (mode: PartnerFormMode) =>
  Object.fromEntries(FIGURE_FIELDS.map((f) => [f, figureRule(mode)])) as Record<FigureField, ReturnType<typeof figureRule>>;

export function partnerSchema(mode: PartnerFormMode) {
  return yup.object({
    ...(mode === 'add' ? { id: handEnteredIdRule() } : {}),
    name: entityNameRule(),
    address: optionalText(TEXT_LIMITS.address),
    pib: optionalText(TEXT_LIMITS.pib),
    pdv: optionalText(TEXT_LIMITS.pdv),
    city_id: yup.number().nullable().required('validation.field'),
    phone: optionalText(TEXT_LIMITS.phone),
    ...figureRules(mode),
    password: mode === 'add' ? passwordRule() : optionalPasswordRule(),
    confirmPassword: mode === 'add' ? passwordConfirmationRule() : optionalPasswordConfirmationRule(),
    categories: yup
      .array(yup.object({ id: yup.number().required(), name: yup.string().default('') }))
      .default([])
      .min(1, 'partners.categories_required'),
    partner_type_id: yup.number().nullable().default(null),
  });
}

export function initialPartnerValues(partner?: Partner): PartnerFormValues {
  const figures = Object.fromEntries(FIGURE_FIELDS.map((f) => [f, partner?.[f] ?? ''])) as Figures;
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

/** The JSON of POST (with the id) or PUT (without; blank passwords keep the old one). Figures go as typed. */
export function toPartnerPayload(values: PartnerFormValues, mode: PartnerFormMode): PartnerPayload {
  const figures = Object.fromEntries(FIGURE_FIELDS.map((f) => [f, values[f].trim()])) as Figures;
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
