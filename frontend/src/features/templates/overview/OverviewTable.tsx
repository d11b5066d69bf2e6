import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../../../shared/api/list';
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
  const { t } = useTranslation();
  const onPage = (e: DataTablePageEvent) => onChange({ ...state, first: e.first, rows: e.rows });
  const onSort = (e: DataTableSortEvent) => {
    if (typeof e.sortField !== 'string' || !e.sortField) return;
    onChange({ ...state, first: 0, sort: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' });
  };
  const empty = loading ? (
    <div className="list-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden />
      <span>{t('table.loading')}</span>
    </div>
  ) : (
    <Message severity="info" text={t('table.no_data')} className="list-empty" />
  );
  return (
    <DataTable
      value={rows}
      dataKey={dataKey}
      lazy
      paginator
      first={state.first}
      rows={state.rows}
      totalRecords={total}
      rowsPerPageOptions={PAGE_SIZES}
      paginatorTemplate="PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first}–{last} / {totalRecords}"
      onPage={onPage}
      sortField={state.sort}
      sortOrder={state.order === 'desc' ? -1 : 1}
      onSort={onSort}
      loading={loading && rows.length > 0}
      emptyMessage={empty}
      size="small"
      stripedRows
      responsiveLayout="stack"
      breakpoint="500px"
      className="list-table overview-table"
    >
      {columns.map((c) => (
        <Column
          key={c.field}
          field={c.field}
          header={t(c.header)}
          sortable
          body={c.body}
          align={c.align}
          alignHeader={c.align}
        />
      ))}
    </DataTable>
  );
}
