import { COUNT, FIGURE, formatAmount as formatShared } from '../../shared/format/amount';

/**
 * The overview's numbers, through the panel's one amount formatter (shared/format/amount):
 * exact, grouped by the language (sr-Latn-ME 162.500,5, en 162,500.5), the decimals a figure has.
 */

/** A sum of figures, an exact decimal string ("162500.5"). */
export function formatAmount(value: string, language: string): string {
  return formatShared(value, language, FIGURE);
}

/** A count, grouped by the language. */
export function formatCount(value: number, language: string): string {
  return formatShared(value, language, COUNT);
}

/** A week's Monday (YYYY-MM-DD) as a short date; the text itself if it is not one. */
export function formatWeek(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An exact decimal as a number for a chart's bar (the chart only draws; tables show the text). */
export function amountForChart(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}
