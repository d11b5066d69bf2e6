import type { ReactNode } from 'react';
import type { SortOrder } from '../../../shared/api/list';
import { PagedTable, type PagingState } from '../../../shared/list/PagedTable';
import { PAGE_SIZES } from '../../../shared/list/types';

export interface OverviewColumn<T> {
  /** Data field; also the server's sort key. */
  field: keyof T & string;
  /** Catalogue key of the header. */
  header: string;
  body: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

export interface TableState {
  first: number;
  rows: number;
  sort: string;
  order: SortOrder;
}

export interface OverviewTableProps<T> {
  rows: T[];
  total: number;
  dataKey: keyof T & string;
  columns: OverviewColumn<T>[];
  state: TableState;
  onChange: (state: TableState) => void;
  loading: boolean;
}

/**
 * A read-only list of the overview: paged and sorted by the server like every list (architecture
 * §4), with the generic list's page sizes and report.
 */
export function OverviewTable<T extends object>({
  rows,
  total,
  dataKey,
  columns,
  state,
  onChange,
  loading,
}: OverviewTableProps<T>) {
  const paging: PagingState = {
    first: state.first,
    rows: state.rows,
    rowsPerPageOptions: PAGE_SIZES,
    sort: { field: state.sort, order: state.order },
    onPage: (e) => onChange({ ...state, first: e.first, rows: e.rows }),
    onSort: (e) => {
      if (typeof e.sortField !== 'string' || !e.sortField) return;
      onChange({ ...state, first: 0, sort: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' });
    },
  };
  // The table keys its rows by id: the overview's rows are keyed by their own field.
  const keyed = rows.map((row) => ({ ...row, id: row[dataKey] as unknown as number }));
  return (
    <PagedTable<T & { id: number }>
      columns={columns.map((c) => ({ ...c, sortable: true }))}
      rows={keyed}
      table={paging}
      total={total}
      isFetching={loading}
      paginator="short"
      className="overview-table"
    />
  );
}
