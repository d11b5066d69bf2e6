/** Rows of the template pages as the API answers them. */

/** A store on the map (GET /api/stores): the fields the map and its list show. */
export interface MapStore {
  id: number;
  city_name: string;
  address: string;
  contact: string;
  lat: number;
  lng: number;
  is_active: boolean;
}

/** GET /api/mapSettings: where the map's tiles come from. */
export interface TileSettings {
  tiles: string;
  attribution: string;
}

/** A city or a category of the overview: sums are exact decimal strings. */
export interface PartnerGroup {
  /** 0 groups the partners without a city. */
  id: number;
  name: string | null;
  partners: number;
  debt: string;
  moneyCirculation: string;
}

/** One week of support messages; week is its Monday (UTC, YYYY-MM-DD). */
export interface SupportWeek {
  week: string;
  messages: number;
  partners: number;
}
