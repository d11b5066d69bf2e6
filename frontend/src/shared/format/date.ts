/** Calendar dates as the API sends them: 'YYYY-MM-DD', a day without a time or zone. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a Date as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): IsoDate {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Midnight local time of an ISO date; null for anything else. */
export function fromIsoDate(value: string | null | undefined): Date | null {
  const match = ISO_DATE.exec(value ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Today, the user's local day. */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

/** A day in the language's numeric form, as the calendars show it: 3.12.2026. in Montenegrin, 12/3/2026 in English. */
export function formatIsoDate(value: string, language: string): string {
  const date = fromIsoDate(value);
  if (!date) return value;
  // Intl writes Montenegrin days with spaces ("3. 12. 2026."); the calendars and the spec do not.
  if (language.startsWith('sr')) return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}.`;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', year: 'numeric' }).format(date);
}

/** Several days, ascending, in the language's form, joined by commas. */
export function formatIsoDates(values: readonly string[], language: string): string {
  return [...values].sort().map((v) => formatIsoDate(v, language)).join(', ');
}
