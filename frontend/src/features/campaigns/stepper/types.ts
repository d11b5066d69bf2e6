/** What the composition stepper reads and sends (spec §3 "Campaign composition payload", ADR 0019). */

export interface Named {
  id: number;
  name: string;
}

/** A partner of GET /api/campaigns/{id}: its cash there (a number in text form or a number) and its own categories. */
export interface CompositionPartner {
  id: number;
  name: string;
  city: string;
  category_names: string;
  /** The partner's own categories (the details answer them; the stepper prunes by them). */
  category_ids?: number[];
  pivot: { cash: number | string };
}

export interface CompositionProduct extends Named {
  price: number | string;
}

/** GET /api/campaigns/{id}: the campaign with its whole composition and the version to save against. */
export interface CampaignComposition {
  id: number;
  name: string;
  version: number;
  categories: Named[];
  products: CompositionProduct[];
  partners: CompositionPartner[];
}

/** A row of step 2: an active partner of the chosen categories (GET /api/partners). */
export interface StepperPartner {
  id: number;
  name: string;
  city_name: string | null;
  categories: Named[];
  is_active: boolean;
}

/** A row of step 3: an active product (GET /api/productsActive). */
export interface StepperProduct {
  id: number;
  name: string;
  description: string;
  price: number | string;
  is_active: boolean;
}

/** PUT /api/campaignDetails/{id}: the three sets, replaced at once. */
export interface CompositionBody {
  partners: { partner_id: number; cash: string }[];
  categories: { category_id: number }[];
  products: { product_id: number }[];
}
