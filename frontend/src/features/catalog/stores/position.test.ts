import { describe, expect, it } from 'vitest';
import { formatCoordinate, normalizePosition, parseCoordinate, positionFromText, roundCoordinate } from './position';

describe('store position', () => {
  it('parses typed coordinates with a dot or a comma', () => {
    expect(parseCoordinate('42.441286')).toBe(42.441286);
    expect(parseCoordinate(' 19,2636 ')).toBe(19.2636);
    expect(parseCoordinate('-0.5')).toBe(-0.5);
    expect(parseCoordinate('+7')).toBe(7);
    expect(parseCoordinate('.5')).toBe(0.5);
  });

  it.each(['', ' ', 'abc', '1e3', '1,2,3', '42°', '--1', 'Infinity'])('does not read %j as a coordinate', (text) => {
    expect(parseCoordinate(text)).toBeNull();
  });

  it('rounds to six decimals without a negative zero', () => {
    expect(roundCoordinate(42.44128649)).toBe(42.441286);
    expect(roundCoordinate(19.0000005)).toBe(19.000001);
    expect(Object.is(roundCoordinate(-0.0000001), 0)).toBe(true);
    expect(formatCoordinate(42.1)).toBe('42.1');
    expect(formatCoordinate(19.123456789)).toBe('19.123457');
  });

  it('wraps a clicked longitude into -180…180 and keeps latitude on the globe', () => {
    expect(normalizePosition({ lat: 42.7, lng: 379.3 })).toEqual({ lat: 42.7, lng: 19.3 });
    expect(normalizePosition({ lat: 42.7, lng: -340.7 })).toEqual({ lat: 42.7, lng: 19.3 });
    expect(normalizePosition({ lat: 10, lng: 180 })).toEqual({ lat: 10, lng: 180 });
    expect(normalizePosition({ lat: 10, lng: -180 })).toEqual({ lat: 10, lng: -180 });
    expect(normalizePosition({ lat: 95, lng: 0 })).toEqual({ lat: 90, lng: 0 });
    expect(normalizePosition({ lat: 42.123456789, lng: 19.987654321 })).toEqual({ lat: 42.123457, lng: 19.987654 });
  });

  it('gives a marker position only for two numbers within range', () => {
    expect(positionFromText('42.44', '19,26')).toEqual({ lat: 42.44, lng: 19.26 });
    expect(positionFromText('', '19.26')).toBeNull();
    expect(positionFromText('91', '19')).toBeNull();
    expect(positionFromText('42', '-181')).toBeNull();
    expect(positionFromText('-90', '180')).toEqual({ lat: -90, lng: 180 });
  });
});
