import { useTableState } from '../../../shared/list/useTableState';

/** Spec §9: the composition tables show 100 rows, with sizes up to 100. */
export const COMPOSITION_PAGE_SIZES = [10, 20, 30, 50, 100];
export const COMPOSITION_PAGE_SIZE = 100;

/** The search box searches as the user types, once typing pauses this long; Enter at once. */
export const TYPING_DEBOUNCE_MS = 400;

/** A composition step's table state: searched by name as the user types, 100 rows, by name. */
export function useCompositionTable() {
  return useTableState({
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: COMPOSITION_PAGE_SIZES,
    pageSize: COMPOSITION_PAGE_SIZE,
    typingDebounceMs: TYPING_DEBOUNCE_MS,
  });
}
