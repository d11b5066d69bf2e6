import { useMemo, type ReactNode } from 'react';
import type { PagedColumn } from '../../../shared/list/PagedTable';
import { PAGE_SIZES } from '../../../shared/list/types';
import { useColumnChoice, type ColumnChoice } from '../../../shared/list/useColumnChoice';
import type { TableSort, TableState } from '../../../shared/list/useTableState';
import { useUrlTableState } from '../../../shared/list/useUrlTableState';
import { useListViews } from '../../../shared/list/views/useListViews';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';

/** A tab's column: sorted when it says so, a text filter or a select of exact values. */
export type TabColumn<T> = PagedColumn<T>;

/** The column that names a tab's row: `name`, else the first; never hidden. */
export const pinnedOf = <T,>(columns: TabColumn<T>[]) => (columns.find((c) => c.field === 'name') ?? columns[0])?.field;

interface TabTableStateOptions<T> {
  /** The tab's list call as saved views name it (`campaignPartners`…; ADR 0041). */
  list: string;
  columns: TabColumn<T>[];
  defaultSort: TableSort;
}

/** What a tab's table needs beside its rows: its state, the column choice and the saved views. */
export interface TabTableState {
  table: TableState;
  choice: ColumnChoice;
  /** The list call's name, also where the column choice is remembered. */
  list: string;
  views: { menu: ReactNode; notice: ReactNode; waiting: boolean };
}

/**
 * A campaign tab's table state like a list's (ADR 0041): filters, sort and page in the address
 * beside the open tab (each applied change a history entry), the columns it shows, and the
 * Views menu, with the user's default view applied when the address says nothing of the list.
 */
export function useTabTableState<T>({ list, columns, defaultSort }: TabTableStateOptions<T>): TabTableState {
  const narrow = useMediaQuery(MOBILE_QUERY);
  const filterFields = useMemo(() => columns.filter((c) => c.filter).map((c) => c.field), [columns]);
  const sortFields = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.field), [columns]);
  const state = useUrlTableState({ filterFields, sortFields, defaultSort, pageSizes: PAGE_SIZES });
  const pinned = pinnedOf(columns);
  const hideable = useMemo(
    () => columns.filter((c) => c.field !== pinned && c.hideable !== false).map((c) => c.field),
    [columns, pinned],
  );
  const choice = useColumnChoice(list, hideable);
  const views = useListViews({
    list,
    state,
    defaultSort,
    pageSizes: PAGE_SIZES,
    pageSize: PAGE_SIZES[0],
    activeIsFilter: filterFields.includes('is_active'),
    columns,
    choice,
    compact: narrow,
  });
  return { table: state.table, choice, list, views };
}

