import { useState } from 'react';
import { listQueryParams, type ListParams } from '../api/list';
import type { BulkActionName, BulkBody, BulkExtra, BulkFilter, BulkSelection } from './types';

/** The most records one bulk action may change (issue 25); the server refuses more (422). */
export const BULK_LIMIT = 100_000;

const PAGING_KEYS = new Set(['page', 'per_page', 'sort', 'order']);

/**
 * The list call's filter as a bulk action sends it: the list's own query keys and values (its
 * text filters, selects and `is_active`), without paging and sort, every value as text.
 */
export function bulkFilterOf(params: ListParams): BulkFilter {
  return Object.fromEntries(
    Object.entries(listQueryParams(params))
      .filter(([key]) => !PAGING_KEYS.has(key))
      .map(([key, value]) => [key, String(value)]),
  );
}

/** One key per filter: a selection made under one filter is gone under another. */
export const filterKeyOf = (filter: BulkFilter): string =>
  JSON.stringify(Object.keys(filter).sort().map((k) => [k, filter[k]]));

export const NOTHING: BulkSelection = { kind: 'ids', ids: new Set() };

/** How many records a selection names (the filter's: the list's total). */
export const selectedCount = (selection: BulkSelection, total: number): number =>
  selection.kind === 'filter' ? total : selection.ids.size;

/**
 * The body of POST …/bulk: the ids checked (ascending), or the filter when "all that match" is
 * chosen (resolved on the server, never from ids the browser holds), plus the action's fields.
 */
export function bulkBody(selection: BulkSelection, filter: BulkFilter, action: BulkActionName, extra: BulkExtra = {}): BulkBody {
  const own: BulkExtra = {};
  if (extra.category_id !== undefined) own.category_id = extra.category_id;
  if (extra.cash !== undefined) own.cash = extra.cash;
  if (extra.percent !== undefined) own.percent = extra.percent;
  if (selection.kind === 'filter') return { action, filter: { ...filter }, ...own };
  return { action, ids: [...selection.ids].sort((a, b) => a - b), ...own };
}

/**
 * A change of the page's checkboxes: the rows newly checked and the ids unchecked. Unchecking
 * a row of "all that match" leaves the page's other rows checked (the selection is ids again).
 */
export function changeSelection(
  selection: BulkSelection,
  pageIds: readonly number[],
  added: readonly number[],
  removed: readonly number[],
): BulkSelection {
  const ids = new Set(selection.kind === 'filter' ? pageIds : selection.ids);
  if (selection.kind === 'filter' && added.length === 0 && removed.length === 0) return selection;
  added.forEach((id) => ids.add(id));
  removed.forEach((id) => ids.delete(id));
  return { kind: 'ids', ids };
}

/** The ids shown checked on a page: every row under "all that match". */
export const checkedIds = (selection: BulkSelection, pageIds: readonly number[]): ReadonlySet<number> =>
  selection.kind === 'filter' ? new Set(pageIds) : selection.ids;

/** Every row of a (non-empty) page is checked. */
export const pageFullyChecked = (selection: BulkSelection, pageIds: readonly number[]): boolean =>
  pageIds.length > 0 && (selection.kind === 'filter' || pageIds.every((id) => selection.ids.has(id)));

/**
 * A list's bulk selection, kept with the filter it was made under: when the list's filter
 * changes, the selection reads as empty (nothing is carried into another set of rows).
 */
export function useBulkSelection(filterKey: string) {
  const [state, setState] = useState<{ key: string; selection: BulkSelection }>({ key: filterKey, selection: NOTHING });
  const selection = state.key === filterKey ? state.selection : NOTHING;
  return {
    selection,
    set: (next: BulkSelection) => setState({ key: filterKey, selection: next }),
    clear: () => setState({ key: filterKey, selection: NOTHING }),
  };
}
