import type { ListParams } from '../../shared/api/list';

/** The list's filter fields (ListPage sends each under its column's field) and what the API calls them. */
export const FILTER_FIELDS = ['at', 'actor', 'resource', 'record_id', 'action'] as const;

/** The server's default order (newest first), which the list never needs to name. */
export const DEFAULT_SORT = { field: 'at', order: 'desc' } as const;

const DATE = String.raw`(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\.?|\d{1,2}/\d{1,2}/\d{4})`;
const RANGE = new RegExp(String.raw`^\s*${DATE}?\s*(\.\.|–|—|-)?\s*${DATE}?\s*$`);

/**
 * One typed day: 2026-11-03, 3.11.2026 (or 3.11.2026.) in Montenegrin order, 11/3/2026 in
 * English order; midnight local time, or null when it is not a real day.
 */
export function parseDay(text: string): Date | null {
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dotted = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\.?$/.exec(text);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dotted) [day, month, year] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
  else if (slashed) [month, day, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
  else return null;
  const date = new Date(year, month - 1, day);
  // 31.2.2026 would roll over into March: not a day anyone meant.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

const nextDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);

/**
 * The date filter's text as the instants the API bounds the time with: `from` included, `to`
 * excluded, both the user's local midnight in RFC 3339 (UTC). One day is that day; `a..b` (or
 * `a - b`, `a – b`) the days a to b, both included; `a..` from a on; `..b` up to b. Empty text is
 * no bound; text that is not a range is undefined.
 */
export function parseDateRange(text: string): { from?: string; to?: string } | undefined {
  if (text.trim() === '') return {};
  const match = RANGE.exec(text);
  if (!match) return undefined;
  const [, fromText, separator, toText] = match;
  if (!fromText && !toText) return undefined;
  const from = fromText ? parseDay(fromText.replace(/\s/g, '')) : null;
  const to = toText ? parseDay(toText.replace(/\s/g, '')) : null;
  if ((fromText && !from) || (toText && !to)) return undefined;
  if (!separator && from && to) return undefined;
  const range: { from?: string; to?: string } = {};
  if (from) range.from = from.toISOString();
  // A single day bounds both ends.
  const last = to ?? (separator ? null : from);
  if (last) range.to = nextDay(last).toISOString();
  return range;
}

/**
 * The list's state as GET /api/activity's query: page and per_page; the text filter of the user
 * column as `q` (it searches the actor's name, the resource and the changed values); resource,
 * action and record_id as they are; the date filter as `from`/`to`. The sort is the server's
 * own (newest first) and is sent only when it differs. A date filter that is not a range is sent
 * as it was typed, as `from`, so the server's 422 says so rather than the filter being dropped.
 */
export function activityQueryParams(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, per_page: params.per_page };
  if (params.sort && (params.sort !== DEFAULT_SORT.field || params.order !== DEFAULT_SORT.order)) {
    query.sort = params.sort;
    query.order = params.order;
  }
  const filters = params.filters;
  const text = (field: string) => (filters[field] ?? '').trim();
  if (text('actor')) query.q = text('actor');
  for (const field of ['resource', 'action', 'record_id', 'user_id', 'partner_id'] as const) {
    if (text(field)) query[field] = text(field);
  }
  const at = text('at');
  if (at) {
    const range = parseDateRange(at);
    if (range === undefined) query.from = at;
    else Object.assign(query, range);
  }
  return query;
}

/** What the Excel download exports: the same filters, every matching event (no paging). */
export function activityExportParams(params: ListParams): Record<string, string | number> {
  const query = activityQueryParams(params);
  delete query.page;
  delete query.per_page;
  return query;
}
