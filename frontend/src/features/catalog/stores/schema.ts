import * as yup from 'yup';
import { nameRule, TEXT_LIMITS } from '../../../shared/validation/rules';
import type { Store, StorePayload } from '../types';
import { formatCoordinate, LAT_RANGE, LNG_RANGE, parseCoordinate } from './position';

export interface StoreFormValues {
  city_id: number | null;
  address: string;
  contact: string;
  /** As shown and typed beside the map; the map writes them too. */
  lat: string;
  lng: string;
}

const coordinateRule = (range: number, message: string) =>
  yup
    .string()
    .trim()
    .required('validation.position')
    .test('range', message, (v) => {
      if (!v) return true; // reported as required
      const value = parseCoordinate(v);
      return value !== null && Math.abs(value) <= range;
    });

/** Stores: a city, address and contact (2 to 300 characters) and a position on the map. */
export const storeSchema = () =>
  yup.object({
    city_id: yup.number().nullable().required('validation.field'),
    address: nameRule(TEXT_LIMITS.address),
    contact: nameRule(TEXT_LIMITS.contact),
    lat: coordinateRule(LAT_RANGE, 'validation.lat_range'),
    lng: coordinateRule(LNG_RANGE, 'validation.lng_range'),
  });

export function initialStoreValues(store?: Store): StoreFormValues {
  return {
    city_id: store?.city_id ?? null,
    address: store?.address ?? '',
    contact: store?.contact ?? '',
    lat: store ? formatCoordinate(store.lat) : '',
    lng: store ? formatCoordinate(store.lng) : '',
  };
}

export function toStorePayload(values: StoreFormValues): StorePayload {
  return {
    city_id: values.city_id,
    address: values.address.trim(),
    contact: values.contact.trim(),
    lat: parseCoordinate(values.lat),
    lng: parseCoordinate(values.lng),
  };
}
