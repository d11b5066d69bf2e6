/** Partners as the API answers them (partner contract, spec §3). */

export interface Ref {
  id: number;
  name: string;
}

/** The six figures of a partner (spec §3), as the API names them. */
export const FIGURE_FIELDS = ['bonus', 'debt', 'payment', 'toolCash', 'annualPlan', 'moneyCirculation'] as const;
export type FigureField = (typeof FIGURE_FIELDS)[number];

/** Exact decimals as text, possibly with a trailing % (kept as entered on edit); never parsed for display. */
export type Figures = Record<FigureField, string>;

export interface Partner extends Figures {
  id: number;
  name: string;
  address: string;
  pib: string;
  pdv: string;
  city_id: number;
  city: Ref;
  city_name: string;
  phone: string;
  categories: Ref[];
  category_names: string;
  partner_type_id: number | null;
  partner_type: Ref | null;
  partner_type_name: string | null;
  is_active: boolean;
  updated_at: string;
  /** Sent back with an edit (ADR 0011). */
  version: number;
}

/** PUT /api/partners/{id}; POST adds the hand-entered id. Blank passwords on edit keep the old one. */
export interface PartnerPayload extends Figures {
  id?: string;
  name: string;
  address: string;
  pib: string;
  pdv: string;
  city_id: number | null;
  phone: string;
  password: string;
  confirmPassword: string;
  categories: number[];
  partner_type_id: number | null;
}

export interface PartnerType extends Ref {
  is_active: boolean;
}

export interface ContactType extends Ref {
  /** PrimeIcons class, e.g. 'pi pi-phone'. */
  icon: string;
}

export interface Contact {
  id: number;
  contact: string;
  contact_type_id: number;
  contact_type: ContactType | null;
  partner_id: number;
  is_active: boolean;
  /** Sent back with an edit (ADR 0011). */
  version: number;
}

export interface ContactPayload {
  contact: string;
  contact_type_id: number | null;
}

export type { ImportProblem, ImportResult } from '../../shared/excel/types';
