import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MAX_FILTER_LENGTH, type ListParams, type SortOrder } from '../api/list';

/** The active select of a list: every row, the active ones or the inactive ones. */
export type ActiveFilter = 'all' | 'active' | 'inactive';

/** The paginator's event: the first row shown and the rows per page. */
export interface PageEvent {
  first: number;
  rows: number;
}

/** A header click: the field and 1 (ascending) or -1 (descending). */
export interface SortEvent {
  sortField?: unknown;
  sortOrder?: number | null;
}

export interface TableSort {
  field: string;
  order: SortOrder;
}

export interface TableStateOptions {
  /** The fields with a text filter; each is sent under its own name. */
  filterFields: readonly string[];
  defaultSort: TableSort;
  /** The paginator's sizes (spec §9); the first is the default unless pageSize says otherwise. */
  pageSizes: readonly number[];
  pageSize?: number;
  /**
   * Typing applies itself after this many quiet milliseconds; Enter and the search button apply
   * at once. 0 (the default) waits for Enter or the button, as the generic list does (spec §2).
   * Paging, sorting and the active select never wait.
   */
  typingDebounceMs?: number;
  /** Where the table starts instead of its defaults, e.g. the state an address carries. */
  initial?: AppliedTableState;
}

/** The criteria and the page a table applies at once: an address, a saved view. */
export interface AppliedTableState {
  filters: Record<string, string>;
  active: ActiveFilter;
  sort: TableSort;
  first: number;
  rows: number;
}

interface State {
  first: number;
  rows: number;
  sort: TableSort;
  draft: Record<string, string>;
  applied: Record<string, string>;
  active: ActiveFilter;
}

const noFilters = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '']));

const sameFilters = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? '').trim() === (b[k] ?? '').trim());

function initialState(options: TableStateOptions): State {
  if (options.initial) return appliedState(options, options.initial);
  return {
    first: 0,
    rows: options.pageSize ?? options.pageSizes[0],
    sort: { ...options.defaultSort },
    draft: noFilters(options.filterFields),
    applied: noFilters(options.filterFields),
    active: 'all',
  };
}

function appliedState(options: TableStateOptions, next: AppliedTableState): State {
  const filters = { ...noFilters(options.filterFields) };
  for (const field of options.filterFields) {
    if (next.filters[field] !== undefined) filters[field] = next.filters[field].slice(0, MAX_FILTER_LENGTH);
  }
  return { first: next.first, rows: next.rows, sort: { ...next.sort }, draft: { ...filters }, applied: filters, active: next.active };
}

/**
 * The one paged-table state of the lists and the choose dialogs: page and rows per page, sort,
 * draft and applied text filters (at most MAX_FILTER_LENGTH each), the active select, back to
 * page 1 whenever the criteria change, and the list query's arguments.
 *
 * The search functions answer whether the criteria changed: when they did not, the caller
 * refetches, since searching again with the same criteria still reloads.
 */
export function useTableState(options: TableStateOptions) {
  const { typingDebounceMs = 0 } = options;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [state, setState] = useState(() => initialState(options));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelTyping = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => cancelTyping, [cancelTyping]);

  /** Applies the given filters (the draft when omitted) and the active select, from page 1. */
  const search = (next: Record<string, string> = state.draft, nextActive: ActiveFilter = state.active): boolean => {
    cancelTyping();
    const changed = nextActive !== state.active || state.first !== 0 || !sameFilters(next, state.applied);
    setState((s) => ({ ...s, draft: { ...next }, applied: { ...next }, active: nextActive, first: 0 }));
    return changed;
  };

  const setDraftField = (field: string, value: string) => {
    const text = value.slice(0, MAX_FILTER_LENGTH);
    setState((s) => ({ ...s, draft: { ...s.draft, [field]: text } }));
    if (typingDebounceMs <= 0) return;
    cancelTyping();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // The latest draft, whatever was typed meanwhile; an unchanged one keeps the page.
      setState((s) => (sameFilters(s.draft, s.applied) ? s : { ...s, applied: { ...s.draft }, first: 0 }));
    }, typingDebounceMs);
  };

  const params: ListParams = useMemo(
    () => ({
      page: Math.floor(state.first / state.rows) + 1,
      per_page: state.rows,
      sort: state.sort.field,
      order: state.sort.order,
      is_active: state.active === 'all' ? undefined : state.active === 'active' ? 1 : 0,
      filters: state.applied,
    }),
    [state.first, state.rows, state.sort, state.active, state.applied],
  );

  return {
    /** The list query's arguments: only applied criteria, never the draft. */
    params,
    first: state.first,
    rows: state.rows,
    rowsPerPageOptions: [...options.pageSizes],
    sort: state.sort,
    draft: state.draft,
    applied: state.applied,
    active: state.active,
    /** Applied text filters plus the active select when it narrows. */
    appliedCount:
      Object.values(state.applied).filter((v) => v.trim() !== '').length + (state.active === 'all' ? 0 : 1),
    /** The paginator's event; a new page size starts from page 1. */
    onPage: (e: PageEvent) =>
      setState((s) => ({ ...s, rows: e.rows, first: e.rows === s.rows ? e.first : 0 })),
    /** A header click: the server sorts, from page 1. */
    onSort: (e: SortEvent) => {
      if (typeof e.sortField !== 'string' || !e.sortField) return;
      const sort: TableSort = { field: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' };
      setState((s) => ({ ...s, sort, first: 0 }));
    },
    setDraftField,
    search,
    /** The active select is a search: it applies at once, with what the filter row holds. */
    setActive: (active: ActiveFilter) => search(state.draft, active),
    /** Empties every text filter and the active select. */
    clearFilters: () => search(noFilters(optionsRef.current.filterFields), 'all'),
    /** Empties one text filter, e.g. of a column that was hidden. */
    clearFilter: (field: string) => {
      if ((state.applied[field] ?? '').trim() !== '') setState((s) => ({ ...s, first: 0 }));
      setState((s) => ({ ...s, draft: { ...s.draft, [field]: '' }, applied: { ...s.applied, [field]: '' } }));
    },
    /** Applies filters, active select, sort and page at once (an address, a saved view). */
    apply: (next: AppliedTableState) => {
      cancelTyping();
      setState(appliedState(optionsRef.current, next));
    },
    /** Back to the first page, the default sort and no filters, e.g. when a dialog opens again. */
    reset: () => {
      cancelTyping();
      setState(initialState({ ...optionsRef.current, initial: undefined }));
    },
  };
}

export type TableState = ReturnType<typeof useTableState>;
