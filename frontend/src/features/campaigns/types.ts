/** Campaigns as the API answers them (spec §3, ADR 0019). Amounts are exact decimals as text or JSON numbers. */

export type Amount = string | number;

export interface Campaign {
  id: number;
  name: string;
  description: string;
  image: string;
  image_url: string;
  thumb_url: string;
  is_visible: boolean;
  is_active: boolean;
  updated_at: string;
  /** Sent back with an edit (ADR 0011). */
  version: number;
}

/** PUT /api/campaigns/activate/{id}. */
export interface VisibilityAnswer {
  is_visible: boolean;
}

/** A row of the Products tab. */
export interface CampaignProduct {
  id: number;
  name: string;
  image: string;
  image_url: string;
  price: Amount;
  is_active: boolean;
}

/** A row of the Categories tab. */
export interface CampaignCategory {
  id: number;
  name: string;
}

/** A row of the Partners tab; in_categories is false for a partner no longer in any of the campaign's categories. */
export interface CampaignPartner {
  id: number;
  name: string;
  phone: string;
  category_names: string;
  city: string;
  pivot: { cash: Amount };
  spent: Amount;
  in_categories: boolean;
}

/** A row of the Cart tab; is_active means delivered. */
export interface CartItem {
  id: number;
  created_at: string;
  partner_id: number;
  name: string;
  phone: string;
  product_id: number;
  product: string;
  price: Amount;
  quantity: number;
  value: Amount;
  is_active: boolean;
}

/** A page of a tab, with its totals where the tab has them. */
export interface TabPage<T> {
  items: T[];
  total: number;
}

export interface PartnersPage extends TabPage<CampaignPartner> {
  /** X-Total-Cash: the cash of every row the filters match. */
  totalCash: string;
}

export interface CartPage extends TabPage<CartItem> {
  /** X-Total-Ordered and X-Total-Delivered: the worth of the matching rows and of the delivered among them. */
  totalOrdered: string;
  totalDelivered: string;
}

/** The category removal's answer: the partners it pruned. */
export interface CategoryRemoval {
  removed_partners: number[];
}

/** One problem of an imported row (column '' for the whole row). */
export interface CampaignImportResult {
  added: number;
  updated: number;
  skipped?: number;
  rejected: number;
  more_problems?: number;
  problems: { row: number; column: string; message: string }[];
}

/** A product offered by the choose-products dialog (GET /api/products, active only). */
export interface ProductChoice {
  id: number;
  name: string;
  description: string;
  price: Amount;
  is_active: boolean;
}

/** A partner offered by the choose-partners dialog (GET /api/partners). */
export interface PartnerChoice {
  id: number;
  name: string;
  phone: string;
  category_names: string;
  city_name?: string | null;
  is_active: boolean;
}

/** The tabs of the details screen, in the URL as ?tab=. */
export const TABS = ['products', 'categories', 'partners', 'cart'] as const;
export type TabKey = (typeof TABS)[number];

/** The stepper's step for a tab (categories 0, partners 1, products 2). */
export function stepOfTab(tab: TabKey): 0 | 1 | 2 {
  if (tab === 'partners') return 1;
  if (tab === 'products') return 2;
  return 0;
}

/** The visibility chip's words for a campaign. */
export const VISIBILITY_LABELS = { visible: 'campaigns.visible', hidden: 'campaigns.hidden' };
