/** Rows of the catalog screens as the API answers them (architecture §4, spec §3). */

/** Countries and categories: a name and an active flag. */
export interface NamedRecord {
  id: number;
  name: string;
  is_active: boolean;
  updated_at: string;
  /** Sent back with an edit (ADR 0011). */
  version: number;
}

export interface Ref {
  id: number;
  name: string;
}

export interface City {
  id: number;
  name: string;
  country_id: number;
  country: Ref;
  country_name: string;
  is_active: boolean;
  updated_at: string;
  version: number;
}

export interface CityPayload {
  name: string;
  country_id: number | null;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  /** An exact decimal sent as a JSON number, e.g. 24.9. */
  price: number;
  image: string;
  image_url: string;
  thumb_url: string;
  is_active: boolean;
  updated_at: string;
  version: number;
}

export interface Store {
  id: number;
  city_id: number;
  city: Ref;
  city_name: string;
  address: string;
  contact: string;
  lat: number;
  lng: number;
  is_active: boolean;
  updated_at: string;
  version: number;
}

export interface StorePayload {
  city_id: number | null;
  address: string;
  contact: string;
  lat: number | null;
  lng: number | null;
}

/** GET /api/mapSettings: where the store map's tiles come from. */
export interface MapSettings {
  tiles: string;
  attribution: string;
}
