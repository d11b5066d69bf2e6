import { useTranslation } from 'react-i18next';

/** How many decimals an amount shows: prices at least 2, figures only those they have; never more than 3. */
export interface AmountPrecision {
  minDecimals: number;
  maxDecimals: number;
}

/** A price (spec §9: exact, up to 3 decimals), shown with at least 2 decimals. */
export const PRICE: AmountPrecision = { minDecimals: 2, maxDecimals: 3 };
/** A partner figure (spec §9: up to 10 digits and 3 decimals), shown with the decimals it has. */
export const FIGURE: AmountPrecision = { minDecimals: 0, maxDecimals: 3 };
/** A count: a whole number. */
export const COUNT: AmountPrecision = { minDecimals: 0, maxDecimals: 0 };

const EXACT = /^([+-]?)(\d+)(?:\.(\d*))?(%?)$/;

interface Separators {
  group: (digits: string) => string;
  /** The character that groups thousands ('.' in Montenegrin, ',' in English). */
  groupChar: string;
  decimal: string;
  minus: string;
  percent: (text: string) => string;
}

const separatorsCache = new Map<string, Separators>();

function separatorsOf(language: string): Separators {
  const cached = separatorsCache.get(language);
  if (cached) return cached;
  // Grouping always, also of four digits (CLDR's Serbian data would leave 1390 ungrouped beside
  // 12.390): amounts in one column then read alike.
  // (ES2023's 'always'; TypeScript's ES2022 library types the option as a boolean.)
  const wholeOptions = { useGrouping: 'always', maximumFractionDigits: 0 } as unknown as Intl.NumberFormatOptions;
  const whole = new Intl.NumberFormat(language, wholeOptions);
  const parts = new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).formatToParts(-1.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const minus = parts.find((p) => p.type === 'minusSign')?.value ?? '-';
  const groupChar = whole.formatToParts(1000000).find((p) => p.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
  const percentParts = new Intl.NumberFormat(language, { style: 'percent' }).formatToParts(0.5);
  const numberAt = percentParts.findIndex((p) => p.type === 'integer');
  const before = percentParts.slice(0, numberAt).map((p) => p.value).join('');
  const after = percentParts.slice(numberAt + 1).map((p) => p.value).join('');
  const separators: Separators = {
    // BigInt keeps every digit: a whole part of up to 10 digits (or more) is never rounded.
    group: (digits) => whole.format(BigInt(digits)),
    groupChar,
    decimal,
    minus,
    percent: (text) => `${before}${text}${after}`,
  };
  separatorsCache.set(language, separators);
  return separators;
}

/**
 * One amount in the language's number format with grouping, e.g. '162500' as '162.500' in
 * Montenegrin and '162,500' in English, '125.111' as '125,111' and '125.111'. The text the API
 * sends is read digit by digit (whole and fraction apart), so no amount passes through a float;
 * a number is first turned into its shortest exact text. A trailing % stays as a percent sign.
 * Anything that is not a plain decimal is returned as it came.
 */
export function formatAmount(value: string | number | null | undefined, language: string, precision: AmountPrecision = FIGURE): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = EXACT.exec(text);
  if (!match) return typeof value === 'number' ? String(value) : value;
  const [, sign, wholeDigits, fractionDigits = '', percent] = match;
  const { group, decimal, minus, percent: withPercent } = separatorsOf(language);

  let whole = wholeDigits.replace(/^0+(?=\d)/, '');
  let fraction = fractionDigits.replace(/0+$/, '');
  if (fraction.length > precision.maxDecimals) {
    // Round half up on the digits themselves (an amount never has more than 3 decimals, but a
    // price shown with fewer must not be cut).
    const kept = fraction.slice(0, precision.maxDecimals);
    const roundUp = fraction.charCodeAt(precision.maxDecimals) >= 53; // '5'
    const rounded = roundUp ? (BigInt(whole + kept) + 1n).toString().padStart(whole.length + kept.length, '0') : whole + kept;
    whole = rounded.slice(0, rounded.length - kept.length) || '0';
    fraction = rounded.slice(rounded.length - kept.length).replace(/0+$/, '');
  }
  fraction = fraction.padEnd(precision.minDecimals, '0');

  const zero = /^0*$/.test(whole + fraction);
  let out = group(whole) + (fraction ? decimal + fraction : '');
  if (sign === '-' && !zero) out = minus + out;
  return percent ? withPercent(out) : out;
}

/** The shortest exact text of a JSON number, e.g. 139.5 as '139.5' (never an exponent for amounts). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Tiny or huge: fixed notation with up to 3 decimals, which is all an amount has.
  return value.toFixed(3);
}

/** formatAmount bound to the current language. */
export function useAmountFormat(): (value: string | number | null | undefined, precision?: AmountPrecision) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value, precision) => formatAmount(value, language, precision);
}

/** The most integer digits and decimals an amount has (spec §9: the cash/number pattern). */
export const MAX_WHOLE_DIGITS = 10;
export const MAX_DECIMALS = 3;

/** What is wrong with a typed amount; each has its catalogue key `validation.amount_<problem>` (or the form's own for `number`). */
export type AmountProblem = 'required' | 'number' | 'negative' | 'digits' | 'decimals';

/** A typed amount read: its exact text as the API takes it ('3200', '1250.5', '15%'), or what is wrong. */
export type ParsedAmount = { ok: true; value: string } | { ok: false; problem: AmountProblem };

const MINUS_SIGNS = /^[-\u2212\u2012\u2013]/;
const SPACES = /[\s\u00a0\u202f\u2009]/g;

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an amount typed in the language's number format (sr-Latn-ME: '.' groups and ',' marks the
 * decimals, '3.200,5'; en: ',' groups and '.' marks them, '3,200.5') into the API's one exact form,
 * a decimal text with a point and no grouping ('3200.5'), never through a float (ADR 0024):
 * - Input that could be read two ways, a group character followed by exactly three digits
 *   ('3.200' in Montenegrin, '3,200' in English), is read the language's way: a grouped whole number.
 * - A single group character not followed by exactly three digits can only be a decimal mark
 *   ('1.5' in Montenegrin, '1,5' in English) and is read as one; the field then shows it in the
 *   language's format, so the user sees what will be saved.
 * - Spaces are ignored; leading zeros and trailing decimal zeros are dropped ('007,100' is '7.1').
 * - At most 10 integer digits and 3 decimals; a minus sign is a negative amount, which no amount
 *   of the panel may be; with `percent`, a trailing % is kept ('15%', a partner figure on edit).
 */
export function parseAmount(text: string, language: string, { percent = false }: { percent?: boolean } = {}): ParsedAmount {
  let s = text.replace(SPACES, '');
  if (s === '') return { ok: false, problem: 'required' };
  let pct = false;
  if (s.endsWith('%')) {
    if (!percent) return { ok: false, problem: 'number' };
    pct = true;
    s = s.slice(0, -1);
  }
  let negative = false;
  if (MINUS_SIGNS.test(s)) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  const { groupChar: g, decimal: d } = separatorsOf(language);
  if (s === '' || !/^[\d.,]+$/.test(s) || !/\d/.test(s)) return { ok: false, problem: 'number' };
  const grouped = new RegExp(`^\\d{1,3}(?:${escapeRegExp(g)}\\d{3})+$`);
  let whole: string;
  let fraction = '';
  const decimals = s.split(d);
  if (decimals.length > 2) return { ok: false, problem: 'number' };
  if (decimals.length === 2) {
    [whole, fraction] = decimals;
    if (!/^\d+$/.test(fraction)) return { ok: false, problem: 'number' };
    if (whole.includes(g)) {
      if (!grouped.test(whole)) return { ok: false, problem: 'number' };
      whole = whole.split(g).join('');
    }
    if (!/^\d*$/.test(whole)) return { ok: false, problem: 'number' };
  } else if (s.includes(g)) {
    const pieces = s.split(g);
    if (grouped.test(s)) {
      whole = pieces.join('');
    } else if (pieces.length === 2 && pieces[1].length !== 3 && /^\d*$/.test(pieces[0]) && /^\d+$/.test(pieces[1])) {
      [whole, fraction] = pieces;
    } else {
      return { ok: false, problem: 'number' };
    }
  } else {
    whole = s;
  }
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  if (negative && !/^0*$/.test(whole + fraction)) return { ok: false, problem: 'negative' };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'digits' };
  if (fraction.length > MAX_DECIMALS) return { ok: false, problem: 'decimals' };
  return { ok: true, value: `${whole}${fraction ? `.${fraction}` : ''}${pct ? '%' : ''}` };
}

/** The catalogue key of a typed amount's problem, or null when it is a valid amount. `numberMessage` replaces the plain "must be a number". */
export function amountProblemKey(
  text: string,
  language: string,
  { percent = false, numberMessage = 'validation.number' }: { percent?: boolean; numberMessage?: string } = {},
): string | null {
  const parsed = parseAmount(text, language, { percent });
  if (parsed.ok) return null;
  if (parsed.problem === 'required') return 'validation.field';
  if (parsed.problem === 'number') return numberMessage;
  return `validation.amount_${parsed.problem}`;
}

/**
 * A typed amount in the API's exact form ('1.500,5' in Montenegrin is '1500.5'). Text that is not
 * a valid amount goes as typed, trimmed: the forms validate first, and the server refuses it.
 */
export function amountToApi(text: string, language: string, { percent = false }: { percent?: boolean } = {}): string {
  const parsed = parseAmount(text, language, { percent });
  return parsed.ok ? parsed.value : text.trim();
}

/**
 * What an amount field shows once the user leaves it: the amount read and written back in the
 * language's format ('3200' as '3.200', '1.5' as '1,5' in Montenegrin), so the user sees what will
 * be saved; text that is not a valid amount stays as typed, under its error.
 */
export function formatTypedAmount(text: string, language: string, precision: AmountPrecision = FIGURE, { percent = false } = {}): string {
  const parsed = parseAmount(text, language, { percent });
  return parsed.ok ? formatAmount(parsed.value, language, precision) : text;
}

/** A stored amount (the API's text or number) as an amount field starts: in the language's format. */
export function amountToInput(value: string | number | null | undefined, language: string, precision: AmountPrecision = FIGURE): string {
  return formatAmount(value, language, precision);
}
