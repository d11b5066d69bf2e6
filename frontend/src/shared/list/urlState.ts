import { MAX_FILTER_LENGTH, type SortOrder } from '../api/list';
import type { ActiveFilter, TableSort } from './useTableState';

/**
 * A list's state as its address carries it (ADR 0041): the applied filters under the list call's
 * own parameter names, `is_active`, `sort`, `order`, `page`, `per_page`, and `view`, the saved
 * view applied. What equals the list's default is left out, so an untouched list has a bare
 * address and a bookmark carries only what narrows it.
 */
export interface ListUrlState {
  filters: Record<string, string>;
  active: ActiveFilter;
  sort: TableSort;
  /** 1-based. */
  page: number;
  perPage: number;
  /** The saved view applied, if any. */
  view?: number;
}

/** What a list accepts from its address. */
export interface ListUrlShape {
  filterFields: readonly string[];
  /** The fields the list sorts by; another `sort` is ignored. */
  sortFields: readonly string[];
  pageSizes: readonly number[];
  defaultSort: TableSort;
  /** The default page size; the first of pageSizes when omitted. */
  pageSize?: number;
}

/** The address parameters a list owns; anything else in the address is left alone. */
const RESERVED = ['is_active', 'sort', 'order', 'page', 'per_page', 'view'];

/** The most pages an address may name (the server's own bound is far above any real list). */
const MAX_PAGE = 100_000_000;

function positive(text: string | null, max: number): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/** The default state of a list of this shape. */
export function defaultUrlState(shape: ListUrlShape): ListUrlState {
  return {
    filters: {},
    active: 'all',
    sort: { ...shape.defaultSort },
    page: 1,
    perPage: shape.pageSize ?? shape.pageSizes[0],
  };
}

/**
 * Reads a list's state from its address: unknown filters, sorts and page sizes are ignored (a
 * hand-edited or old link still opens the list), values are cut to the filter limit.
 */
export function readUrlState(search: URLSearchParams, shape: ListUrlShape): ListUrlState {
  const state = defaultUrlState(shape);
  for (const field of shape.filterFields) {
    const value = search.get(field);
    if (value !== null && value.trim() !== '') state.filters[field] = value.slice(0, MAX_FILTER_LENGTH);
  }
  // A list whose own filter is `is_active` (a cart's delivered select) has no active select.
  const active = shape.filterFields.includes('is_active') ? null : search.get('is_active');
  if (active === '1' || active === 'true') state.active = 'active';
  if (active === '0' || active === 'false') state.active = 'inactive';
  const sort = search.get('sort');
  if (sort && shape.sortFields.includes(sort)) state.sort = { field: sort, order: 'asc' };
  const order = search.get('order');
  if (order === 'asc' || order === 'desc') state.sort = { ...state.sort, order: order as SortOrder };
  state.page = positive(search.get('page'), MAX_PAGE) ?? 1;
  const perPage = positive(search.get('per_page'), 1000);
  if (perPage !== undefined && shape.pageSizes.includes(perPage)) state.perPage = perPage;
  const view = positive(search.get('view'), Number.MAX_SAFE_INTEGER);
  if (view !== undefined) state.view = view;
  return state;
}

/** Whether the address says anything about the list (else a default view may apply). */
export function hasUrlState(search: URLSearchParams, shape: ListUrlShape): boolean {
  return [...shape.filterFields, ...RESERVED].some((k) => search.has(k));
}

/**
 * Writes a list's state into search (a copy; parameters the list does not own are kept), leaving
 * out what equals the default. Two equal states write the same text, so it serves as their key.
 */
export function writeUrlState(state: ListUrlState, shape: ListUrlShape, search = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const k of [...shape.filterFields, ...RESERVED]) out.delete(k);
  const base = defaultUrlState(shape);
  if (state.view !== undefined) out.set('view', String(state.view));
  for (const field of shape.filterFields) {
    const value = (state.filters[field] ?? '').trim();
    if (value !== '') out.set(field, value);
  }
  if (state.active !== 'all') out.set('is_active', state.active === 'active' ? '1' : '0');
  if (state.sort.field !== base.sort.field || state.sort.order !== base.sort.order) {
    out.set('sort', state.sort.field);
    out.set('order', state.sort.order);
  }
  if (state.perPage !== base.perPage) out.set('per_page', String(state.perPage));
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** The list's own part of an address, as a stable key. */
export function urlStateKey(state: ListUrlState, shape: ListUrlShape): string {
  return writeUrlState(state, shape).toString();
}
