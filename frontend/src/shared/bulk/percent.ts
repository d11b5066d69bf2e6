import { parseAmount } from '../format/amount';

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const MINUS = /^[-\u2212\u2012\u2013]/;

/** A typed percentage change read: the API's signed exact text ('-10', '12.5'), or the catalogue key of what is wrong. */
export type ParsedPercent = { ok: true; value: string } | { ok: false; key: string };

/**
 * A percentage change of the campaign cash typed in the user's language (the amount parser's
 * separators: '-12,5' in Montenegrin, '-12.5' in English), an optional sign and trailing '%';
 * not below -100 (no cash goes negative).
 */
export function parsePercent(text: string, language: string): ParsedPercent {
  let s = text.replace(SPACES, '');
  if (s === '') return { ok: false, key: 'validation.field' };
  if (s.endsWith('%')) s = s.slice(0, -1);
  let sign = '';
  if (MINUS.test(s)) {
    sign = '-';
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  const parsed = parseAmount(s, language);
  if (!parsed.ok) return { ok: false, key: parsed.problem === 'required' ? 'validation.field' : 'bulk.percent_invalid' };
  if (parsed.value === '0') return { ok: true, value: '0' };
  const [whole] = parsed.value.split('.');
  if (sign === '-' && (Number(whole) > 100 || (Number(whole) === 100 && parsed.value !== '100'))) {
    return { ok: false, key: 'bulk.percent_below' };
  }
  return { ok: true, value: `${sign}${parsed.value}` };
}
