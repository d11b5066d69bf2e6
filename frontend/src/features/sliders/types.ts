/** Sliders as the API answers them (the slider contract, spec §3). */

/** Spec §9: 1 Slika (a banner), 2 Promocija (a promotion page), 3 Seminar (a page with dates). */
export const SLIDER_TYPES = [1, 2, 3] as const;
export type SliderType = (typeof SLIDER_TYPES)[number];
export const SLIKA: SliderType = 1;
export const PROMOCIJA: SliderType = 2;
export const SEMINAR: SliderType = 3;

/** The catalogue key of a type's name. */
export const sliderTypeKey = (type: number) => `sliders.types.${type}`;

/** Promocija and Seminar carry a page: the extra image, the rich content and the notification. */
export const hasPage = (type: number | null | undefined) => type === PROMOCIJA || type === SEMINAR;

export interface CategoryRef {
  id: number;
  name: string;
}

export interface Slider {
  id: number;
  name: string;
  type: SliderType;
  image: string;
  image_url: string;
  thumb_url: string;
  wyswygimg: string | null;
  wyswygimg_url: string | null;
  /** Safe HTML ('' for Slika); page_content_details is the same, shown by the details dialog. */
  page_content: string;
  page_content_details: string;
  push_notification: boolean;
  notification_text: string;
  /** Seminar only: every date, ascending ISO days; [] otherwise. */
  dates: string[];
  /** The dates from today on. */
  available_dates: string[];
  /** The publishing window, ISO days or null. */
  start_date: string | null;
  end_date: string | null;
  categories: CategoryRef[];
  category_names: string;
  is_visible: boolean;
  is_active: boolean;
  updated_at: string;
  /** Sent back with an edit (ADR 0011). */
  version: number;
  signups_count: number;
  orders_count: number;
  ordered_quantity: number;
  /** A save's answer: the notification it sent (push on), else null or absent. */
  notification?: { id: number } | null;
}

/** PUT /api/sliders/activate/{id}. */
export interface VisibilityAnswer {
  is_visible: boolean;
}

/** A partner who signed up for a seminar or ordered from a promotion (GET /api/sliders/{id}/partners). */
export interface SliderPartner {
  id: number;
  name: string;
  category_names: string;
  /** The days signed up for, ISO. */
  all_dates: string[];
  /** Ordered quantity; 0 when none. */
  quantity: number;
  /** Whether there is an order. */
  order: boolean;
  confirmed: boolean;
}

/** A page of the partners list, with the total quantity over the current filter (X-Total-Quantity). */
export interface SliderPartnersPage {
  items: SliderPartner[];
  total: number;
  totalQuantity: number;
}
