import type { TableStateOptions } from '../list/useTableState';
import { useDialogTableState } from '../list/useDialogTableState';
import { useListViews } from '../list/views/useListViews';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';

export interface ChooseTableStateOptions extends TableStateOptions {
  /** The list call the dialog shows, as saved views name it (`partnersActive`…; ADR 0041). */
  list: string;
  /** The dialog is open: its views are asked for, and each opening applies the user's default. */
  visible: boolean;
  /** The table's columns, to name a filter a view lost. */
  columns: readonly { field: string; header: string }[];
}

/**
 * A choose dialog's table state with saved views (ADR 0041), the same Views menu as a list's but
 * never in the address: a view applies to the dialog's table only, and each opening starts from
 * the user's default view of the list (or the table's defaults). Call `reset` when it opens.
 */
export function useChooseTableState({ list, visible, columns, ...options }: ChooseTableStateOptions) {
  const narrow = useMediaQuery(MOBILE_QUERY);
  const state = useDialogTableState(options);
  const views = useListViews({
    list,
    state,
    defaultSort: options.defaultSort,
    pageSizes: options.pageSizes,
    pageSize: options.pageSize ?? options.pageSizes[0],
    columns,
    compact: narrow,
    active: visible,
  });
  return { table: state.table, reset: state.reset, views };
}
