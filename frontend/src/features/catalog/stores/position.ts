/** Where the store map starts (spec §9: zoom 7) and how coordinates are kept. */
export const MONTENEGRO = { lat: 42.7, lng: 19.3 } as const;
export const DEFAULT_ZOOM = 7;
/** Editing an existing store opens close to its marker. */
export const STORE_ZOOM = 15;
/** Six decimals are about 10 cm: enough for a shop's door, short enough to read. */
export const COORDINATE_DECIMALS = 6;

export interface LatLng {
  lat: number;
  lng: number;
}

export const LAT_RANGE = 90;
export const LNG_RANGE = 180;

export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A point clicked or dragged on the map: the longitude wrapped into -180…180, both rounded. */
export function normalizePosition({ lat, lng }: LatLng): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const clampedLat = Math.max(-LAT_RANGE, Math.min(LAT_RANGE, lat));
  return { lat: roundCoordinate(clampedLat), lng: roundCoordinate(wrapped === -180 && lng > 0 ? 180 : wrapped) };
}

/** A typed coordinate: a decimal with a dot or a comma; null when it is not a number. */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function formatCoordinate(value: number): string {
  return String(roundCoordinate(value));
}

/** The position typed in the two fields, when both are numbers within range. */
export function positionFromText(lat: string, lng: string): LatLng | null {
  const la = parseCoordinate(lat);
  const ln = parseCoordinate(lng);
  if (la === null || ln === null) return null;
  if (Math.abs(la) > LAT_RANGE || Math.abs(ln) > LNG_RANGE) return null;
  return { lat: la, lng: ln };
}
