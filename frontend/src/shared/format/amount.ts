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
  const percentParts = new Intl.NumberFormat(language, { style: 'percent' }).formatToParts(0.5);
  const numberAt = percentParts.findIndex((p) => p.type === 'integer');
  const before = percentParts.slice(0, numberAt).map((p) => p.value).join('');
  const after = percentParts.slice(numberAt + 1).map((p) => p.value).join('');
  const separators: Separators = {
    // BigInt keeps every digit: a whole part of up to 10 digits (or more) is never rounded.
    group: (digits) => whole.format(BigInt(digits)),
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
