/**
 * Exact figures in the current language without ever passing through a float: the integer part
 * is grouped as a BigInt, the decimals are the string's own. sr-Latn-ME writes 162.500,000 and
 * en 162,500.000 (style.md, front end 8). The shared formatter will take this over.
 */
const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,3}))?$/;

function decimalSeparator(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** An exact decimal string ("162500.5") with three decimals; the text itself if it is not one. */
export function formatAmount(value: string, language: string): string {
  const match = AMOUNT.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const grouped = new Intl.NumberFormat(language, { useGrouping: true }).format(BigInt(whole));
  return `${sign}${grouped}${decimalSeparator(language)}${fraction.padEnd(3, '0')}`;
}

/** A count, grouped by the language. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
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
