import { useMemo, type ReactNode } from 'react';
import type { BulkParts } from '../../../shared/bulk/useBulk';
import { PagedTable, type PagedColumn, type PagedQuery } from '../../../shared/list/PagedTable';
import { PAGE_SIZES } from '../../../shared/list/types';
import { useColumnChoice, type ColumnChoice } from '../../../shared/list/useColumnChoice';
import type { TableSort, TableState } from '../../../shared/list/useTableState';
import { useUrlTableState } from '../../../shared/list/useUrlTableState';
import { useListViews } from '../../../shared/list/views/useListViews';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';

/** A tab's column: sorted when it says so, a text filter or a select of exact values. */
export type TabColumn<T> = PagedColumn<T>;

/** The column that names a tab's row: `name`, else the first; never hidden. */
const pinnedOf = <T,>(columns: TabColumn<T>[]) => (columns.find((c) => c.field === 'name') ?? columns[0])?.field;

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

interface TabTableProps<T extends { id: number }> {
  /** Catalogue key of the table's name for screen readers. */
  label: string;
  columns: TabColumn<T>[];
  /** The tab's table state (useTabTableState). */
  state: TabTableState;
  /** The tab's page query. */
  query: PagedQuery<T>;
  /** The rows shown, when not the query's own. */
  rows?: T[];
  /** The row's buttons; no actions column when omitted. */
  actions?: (row: T) => ReactNode;
  /** Buttons above the table, after the Views menu and before its column chooser and refresh button. */
  toolbar?: ReactNode;
  /** Totals under the table. */
  footer?: ReactNode;
  /** A row's class, e.g. a warning. */
  rowClassName?: (row: T) => string | undefined;
  /** Bulk actions (useBulk): the selection column, the menu after the tab's buttons, the banner. */
  bulk?: BulkParts<T>;
}

/**
 * A tab of a campaign's details: a server-side table like the generic list's (sort, a filter
 * per column, paging, the column chooser and saved views; spec §2, ADR 0041), with the tab's
 * own buttons, row actions and totals.
 */
export function TabTable<T extends { id: number }>({
  label,
  columns,
  state,
  query,
  rows,
  actions,
  toolbar,
  footer,
  rowClassName,
  bulk,
}: TabTableProps<T>) {
  const { views } = state;
  return (
    <div className="campaign-tab">
      <PagedTable<T>
        label={label}
        columns={columns}
        table={state.table}
        query={query}
        rows={rows}
        actions={actions}
        footer={footer}
        rowClassName={rowClassName}
        selection={bulk?.selection}
        pinned={pinnedOf(columns)}
        columnChoiceKey={state.list}
        columnChoice={state.choice}
        notice={
          views.notice || bulk?.banner ? (
            <>
              {views.notice}
              {bulk?.banner}
            </>
          ) : undefined
        }
        toolbar={{
          buttons: (
            <>
              {views.menu}
              {toolbar}
              {bulk?.menu}
            </>
          ),
          className: 'campaign-tab__toolbar',
          buttonsClassName: 'campaign-tab__buttons',
        }}
        stackedFiltersClassName="campaign-tab__filters"
        className="campaign-tab__table"
      />
      {bulk?.dialogs}
    </div>
  );
}
