import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH } from '../../../shared/api/list';
import { FilterButtons } from '../../../shared/list/FilterButtons';
import { TableEmpty } from '../../../shared/list/TableEmpty';
import type { FilterOption } from '../../../shared/list/types';
import type { TableState } from '../../../shared/list/useTableState';
import { DROPDOWN_PT } from '../../../shared/ui/passThrough';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';

export interface TabColumn<T> {
  /** Data field: the sort key and the filter's query parameter. */
  field: string;
  /** Catalogue key of the header. */
  header: string;
  sortable?: boolean;
  /** A text filter ("contains", or a number's syntax) sent under the field's name. */
  filter?: boolean;
  /** With filter: a select of exact values instead (labels are catalogue keys). */
  filterOptions?: FilterOption[];
  /** Catalogue key of a text filter's placeholder when it is not a plain search. */
  filterPlaceholder?: string;
  body?: (row: T) => ReactNode;
  width?: string;
  align?: 'left' | 'right';
}

interface TabTableProps<T extends { id: number }> {
  /** Catalogue key of the table's name for screen readers. */
  label: string;
  columns: TabColumn<T>[];
  table: TableState;
  rows: T[];
  total: number;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** The row's buttons; no actions column when omitted. */
  actions?: (row: T) => ReactNode;
  /** Buttons above the table, before its refresh button. */
  toolbar?: ReactNode;
  /** Totals under the table. */
  footer?: ReactNode;
  /** A row's class, e.g. a warning. */
  rowClassName?: (row: T) => string | undefined;
}

/**
 * A tab of a campaign's details: a server-side table like the generic list's (sort, a filter
 * per column, paging; spec §2), with the tab's own buttons, row actions and totals.
 */
export function TabTable<T extends { id: number }>({
  label,
  columns,
  table,
  rows,
  total,
  isFetching,
  isError,
  refetch,
  actions,
  toolbar,
  footer,
  rowClassName,
}: TabTableProps<T>) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  const applyFilters = (next?: Record<string, string>) => {
    if (!table.search(next)) void refetch();
  };
  const clearFilters = () => {
    if (!table.clearFilters()) void refetch();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      applyFilters();
    }
  };

  const ALL = '*';
  const filterOf = (column: TabColumn<T>) => {
    if (column.filterOptions) {
      const name = t(column.header);
      return (
        <Dropdown
          value={table.draft[column.field] || ALL}
          options={[
            { label: t('active.all'), value: ALL },
            ...column.filterOptions.map((o) => ({ label: t(o.label), value: o.value })),
          ]}
          onChange={(e) => {
            const value = String(e.value ?? ALL);
            applyFilters({ ...table.draft, [column.field]: value === ALL ? '' : value });
          }}
          ariaLabel={name}
          aria-label={name}
          pt={{ ...DROPDOWN_PT, select: { 'aria-label': name } }}
          className="list-filter__select"
        />
      );
    }
    return (
      <InputText
        value={table.draft[column.field] ?? ''}
        onChange={(e) => table.setDraftField(column.field, e.target.value)}
        maxLength={MAX_FILTER_LENGTH}
        onKeyDown={onKeyDown}
        placeholder={
          narrow
            ? t(column.header)
            : column.filterPlaceholder
              ? t(column.filterPlaceholder)
              : t('table.filter_placeholder')
        }
        aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
        className="list-filter__input"
      />
    );
  };
  const noFilter = (header: string) => <span className="sr-only">{t('list.no_filter', { column: header })}</span>;
  const filterButtons = <FilterButtons onSearch={() => applyFilters()} onClear={clearFilters} />;
  const filterProps = { filter: !narrow, showFilterMenu: false, showClearButton: false };
  const filterColumns = columns.filter((c) => c.filter);

  // The filter row's cells come from the table's own filter model; the values live in the table state.
  const tableFilters: DataTableFilterMeta = Object.fromEntries(
    [...columns.map((c) => c.field), 'actions'].map((f) => [f, { value: null, matchMode: 'contains' }]),
  );
  const lastColumn = columns.at(-1)?.field;

  return (
    <div className="campaign-tab">
      <div className="campaign-tab__toolbar">
        {narrow && filterColumns.length > 0 && (
          <Button
            type="button"
            icon={filtersOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
            label={table.appliedCount > 0 ? `${t('table.filters')} (${table.appliedCount})` : t('table.filters')}
            text
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            className="campaign-tab__filters-toggle"
            onClick={() => setFiltersOpen((o) => !o)}
          />
        )}
        <div className="campaign-tab__buttons">
          {toolbar}
          <Button
            type="button"
            icon="pi pi-refresh"
            rounded
            text
            aria-label={t('table.refresh')}
            title={t('table.refresh')}
            onClick={() => {
              void refetch();
            }}
          />
        </div>
      </div>
      {narrow && filtersOpen && (
        <div id={filtersId} className="list-filters-stacked__fields campaign-tab__filters">
          {filterColumns.map((c) => (
            <div key={c.field}>{filterOf(c)}</div>
          ))}
          <div className="list-filters-stacked__row">{filterButtons}</div>
        </div>
      )}
      <DataTable<T[]>
        key={narrow ? `stack-${i18n.language}` : 'scroll'}
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={table.first}
        rows={table.rows}
        totalRecords={isError ? 0 : total}
        rowsPerPageOptions={table.rowsPerPageOptions}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate="{first}–{last} / {totalRecords}"
        onPage={table.onPage}
        sortField={table.sort.field}
        sortOrder={table.sort.order === 'desc' ? -1 : 1}
        onSort={table.onSort}
        filterDisplay={narrow ? undefined : 'row'}
        filters={tableFilters}
        onFilter={() => undefined}
        loading={isFetching && rows.length > 0}
        emptyMessage={<TableEmpty loading={isFetching} error={isError} onRetry={() => void refetch()} />}
        responsiveLayout={narrow ? 'stack' : 'scroll'}
        breakpoint="500px"
        size="small"
        stripedRows
        rowClassName={rowClassName ? (row: T) => rowClassName(row) ?? '' : undefined}
        footer={footer}
        aria-label={t(label)}
        className="list-table campaign-tab__table"
      >
        {columns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={t(column.header)}
            sortable={column.sortable ?? false}
            body={column.body}
            style={column.width ? { width: column.width } : undefined}
            align={column.align}
            alignHeader={column.align}
            {...filterProps}
            filterElement={() =>
              column.filter
                ? filterOf(column)
                : !actions && column.field === lastColumn
                  ? filterButtons
                  : noFilter(t(column.header))
            }
          />
        ))}
        {actions && (
          <Column
            columnKey="actions"
            header={t('table.actions')}
            body={(row: T) => <div className="list-actions">{actions(row)}</div>}
            bodyClassName="list-actions-cell"
            {...filterProps}
            filterElement={() => filterButtons}
          />
        )}
      </DataTable>
    </div>
  );
}
