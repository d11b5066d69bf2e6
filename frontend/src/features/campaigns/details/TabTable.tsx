import type { ReactNode } from 'react';
import type { BulkParts } from '../../../shared/bulk/useBulk';
import { PagedTable, type PagedColumn, type PagedQuery } from '../../../shared/list/PagedTable';
import type { TableState } from '../../../shared/list/useTableState';

/** A tab's column: sorted when it says so, a text filter or a select of exact values. */
export type TabColumn<T> = PagedColumn<T>;

interface TabTableProps<T extends { id: number }> {
  /** Catalogue key of the table's name for screen readers. */
  label: string;
  columns: TabColumn<T>[];
  table: TableState;
  /** The tab's page query. */
  query: PagedQuery<T>;
  /** The rows shown, when not the query's own. */
  rows?: T[];
  /** The row's buttons; no actions column when omitted. */
  actions?: (row: T) => ReactNode;
  /** Buttons above the table, before its refresh button. */
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
 * per column, paging; spec §2), with the tab's own buttons, row actions and totals.
 */
export function TabTable<T extends { id: number }>({
  label,
  columns,
  table,
  query,
  rows,
  actions,
  toolbar,
  footer,
  rowClassName,
  bulk,
}: TabTableProps<T>) {
  return (
    <div className="campaign-tab">
      <PagedTable<T>
        label={label}
        columns={columns}
        table={table}
        query={query}
        rows={rows}
        actions={actions}
        footer={footer}
        rowClassName={rowClassName}
        selection={bulk?.selection}
        notice={bulk?.banner}
        toolbar={{ buttons: <>{toolbar}{bulk?.menu}</>, className: 'campaign-tab__toolbar', buttonsClassName: 'campaign-tab__buttons' }}
        stackedFiltersClassName="campaign-tab__filters"
        className="campaign-tab__table"
      />
      {bulk?.dialogs}
    </div>
  );
}
