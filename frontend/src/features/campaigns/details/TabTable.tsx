import type { ReactNode } from 'react';
import type { BulkParts } from '../../../shared/bulk/useBulk';
import { PagedTable, type PagedQuery } from '../../../shared/list/PagedTable';
import { pinnedOf, type TabColumn, type TabTableState } from './useTabTableState';


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
