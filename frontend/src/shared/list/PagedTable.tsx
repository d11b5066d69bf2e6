import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { Row } from 'primereact/row';
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH } from '../api/list';
import { SELECTION_COLUMN_PT, DROPDOWN_PT } from '../ui/passThrough';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { ActiveTag, TagChip } from './ActiveChip';
import { ColumnChooser } from './ColumnChooser';
import { FilterButtons } from './FilterButtons';
import { cacheFlatCase } from './flatCaseCache';
import { RowsPerPage } from './RowsPerPage';
import { TableEmpty } from './TableEmpty';
import type { FilterOption } from './types';
import { pageSelectionChange } from './pageSelection';
import { useColumnChoice, type ColumnChoice } from './useColumnChoice';
import { useScrollEdges } from './useScrollEdges';
import type { ActiveFilter, PageEvent, SortEvent, TableSort, TableState } from './useTableState';
import './list.css';

cacheFlatCase();

/** A column of a PagedTable. */
export interface PagedColumn<T> {
  /** Data field: the sort key and the filter's query parameter. */
  field: string;
  /** Catalogue key of the header. */
  header: string;
  /** Sorted on the server by a header click (false when omitted). */
  sortable?: boolean;
  /** A text filter in the filter row (case-insensitive contains on the server). */
  filter?: boolean;
  /** With filter: a select of exact values instead (labels are catalogue keys); "All" sends nothing. */
  filterOptions?: FilterOption[];
  /** Catalogue key of the filter's placeholder when it is not a plain search. */
  filterPlaceholder?: string;
  /** Catalogue key of the filter's tooltip explaining what it accepts. */
  filterHint?: string;
  /** The keyboard a phone offers for the filter, e.g. 'numeric' for an id. */
  filterInputMode?: 'numeric' | 'decimal' | 'text';
  body?: (row: T) => ReactNode;
  /** CSS width hint, e.g. '14rem'. */
  width?: string;
  align?: 'left' | 'right';
  /** false keeps the column out of the column chooser (the pinned column never is in it). */
  hideable?: boolean;
}

/** The paging part of a table's state: what every PagedTable with a server behind it needs. */
export interface PagingState {
  first: number;
  rows: number;
  rowsPerPageOptions: number[];
  sort: TableSort;
  onPage: (e: PageEvent) => void;
  onSort: (e: SortEvent) => void;
}

/** A table's checkbox choice. */
export type PagedSelection<T> = {
  /** The header checkbox that checks the page (true when omitted). */
  selectAll?: boolean;
  /** The header checkbox checks this page only (PrimeReact's selectionPageOnly). */
  pageOnly?: boolean;
  /** A click on a row, or Space or Enter on a focused row, toggles it like its checkbox. */
  onRowToggle?: (row: T) => void;
  /** The row field that names a row's checkbox for screen readers ('name' when omitted). */
  labelField?: string;
} & (
  | {
      /** The rows shown checked. */
      rows: T[];
      onChange: (rows: T[]) => void;
    }
  | {
      /**
       * A choice kept beyond the page (every page of a step): the ids chosen, and each change
       * of this page's boxes as the rows newly checked and the ids unchecked. Choices on other
       * pages are never touched.
       */
      chosenIds: ReadonlySet<number>;
      onPageChange: (added: T[], removedIds: number[]) => void;
    }
);



/** The paginator's shapes: every link and the size select, without first/last, or pages only. */
export type PaginatorShape = 'full' | 'short' | 'pages' | 'none';

const PAGINATOR_LAYOUT: Record<Exclude<PaginatorShape, 'none'>, string> = {
  full: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
  short: 'PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport',
  pages: 'PrevPageLink PageLinks NextPageLink CurrentPageReport',
};

export interface PagedTableToolbar {
  /** Before the buttons, e.g. the list's title. */
  start?: ReactNode;
  /** The screen's own buttons, before the column chooser and the refresh button. */
  buttons?: ReactNode;
  className?: string;
  buttonsClassName?: string;
  /** A refresh button at the end (when the table has a refetch). */
  refresh?: boolean;
}

/** The slice of an RTK Query page query a table shows. */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A choose dialog's or a step's table: a search box above it instead of a filter row, a short paginator. */
const CHOOSE_VARIANT = { paginator: 'short', filterRow: false } as const;

export interface PagedTableProps<T extends { id: number; is_active?: boolean }> {
  columns: PagedColumn<T>[];
  /** The server's answer: its rows (none after a failure), total, loading and failure. */
  query?: PagedQuery<T>;
  /** The rows shown, when not the query's own (e.g. rows carrying what their cells show). */
  rows?: T[];
  /** 'choose': a choose dialog's or a step's table (short paginator, no filter row). */
  variant?: 'list' | 'choose';
  /**
   * The server's paging (useTableState, or any PagingState): the table is lazy, sorted and paged by
   * the server, and with a full TableState its filter row edits the state's filters. Without it the
   * rows are all there is, paged here by `localRows` when given.
   */
  table?: PagingState | TableState;
  /** The server's row count; the rows' own when omitted. */
  total?: number;
  /** Rows per page of a table without a server state; no paginator when the rows fit. */
  localRows?: number;
  isFetching?: boolean;
  isError?: boolean;
  /** Asks the server again: refresh, retry and searching again with the same criteria. */
  refetch?: () => unknown;
  /** Catalogue key of the table's name for screen readers. */
  label?: string;
  paginator?: PaginatorShape;
  /** An empty table shows only its message, without a paginator. */
  hidePaginatorWhenEmpty?: boolean;
  /** The row's active chip and, in the filter row, the active select (spec §4 "Active state"). */
  active?: boolean;
  /** The filter row (default: when a column filters and the table state can). */
  filterRow?: boolean;
  /** On a phone more filters than this fold behind a Filters button (0: always fold). */
  foldFiltersAbove?: number;
  /** Catalogue key of that button's label. */
  filtersLabel?: string;
  selection?: PagedSelection<T>;
  /** The row's buttons; no actions column when omitted. */
  actions?: (row: T) => ReactNode;
  /** CSS width of the actions column. */
  actionsWidth?: string;
  /** Catalogue key of what an empty table says, instead of "no data". */
  emptyText?: string;
  /** The column that names the row: never hidden and, in a wide table, kept in view at the left. */
  pinned?: string;
  /** Where the user's column choice is remembered; no column chooser when omitted. */
  columnChoiceKey?: string;
  /** The column choice, when the screen holds it (a saved view sets it); the table's own otherwise. */
  columnChoice?: ColumnChoice;
  toolbar?: PagedTableToolbar;
  /** Between the toolbar and the filters, e.g. a standing notice. */
  notice?: ReactNode;
  /** A row's own class, e.g. a warning. */
  rowClassName?: (row: T) => string | undefined;
  /** The row shown as new: highlighted and marked (see ListPage: a record just added). */
  newRowId?: number | null;
  /** Under the table (DataTable's footer). */
  footer?: ReactNode;
  /** Above the table (DataTable's header). */
  caption?: ReactNode;
  /** The table in a card of its own, scrolling sideways with edge shadows. */
  card?: boolean;
  /**
   * Minimum width of the table on wide screens with every column shown (rem); a user's narrower
   * column choice scales it down by the columns' width hints, never below 40rem.
   */
  minWidth?: string;
  /** Cells that read state beside their row (a typed cash) are not memoized. */
  cellMemo?: boolean;
  className?: string;
  /** Classes of the stacked (phone) filters block. */
  stackedFiltersClassName?: string;
}

/** Width of a column without its own hint, and of the active column, in rem. */
const DEFAULT_COLUMN_REM = 10;
const ACTIVE_COLUMN_REM = 11;
const remOf = (width: string | undefined) => Number.parseFloat(width ?? '') || DEFAULT_COLUMN_REM;

const isTableState = (table: PagingState | TableState | undefined): table is TableState =>
  table !== undefined && 'search' in table;

/** The select's "All" choice; the filter itself is then empty (nothing sent). */
const ALL = '*';

/**
 * The one table of the panel (spec §2): header, a filter row (text, select, active/all), server
 * sort and paging with the spec's page sizes, empty, loading and load-failure states, stacked
 * cells below 500 px, checkbox selection, row actions and the column chooser, all over what
 * `useTableState` holds. Lists, tabs, choose dialogs and steps are configurations of it.
 */
export function PagedTable<T extends { id: number; is_active?: boolean }>(props: PagedTableProps<T>) {
  const { query, variant = 'list' } = props;
  const preset = variant === 'choose' ? CHOOSE_VARIANT : {};
  const isError = props.isError ?? query?.isError ?? false;
  return (
    <PagedTableView<T>
      {...preset}
      {...props}
      rows={props.rows ?? (isError ? [] : (query?.data?.items ?? []))}
      total={props.total ?? query?.data?.total ?? (query ? 0 : undefined)}
      isFetching={props.isFetching ?? query?.isFetching ?? false}
      isError={isError}
      refetch={props.refetch ?? query?.refetch}
    />
  );
}

function PagedTableView<T extends { id: number; is_active?: boolean }>({
  columns,
  rows = [],
  table,
  total,
  localRows,
  isFetching = false,
  isError = false,
  refetch,
  label,
  paginator = 'full',
  hidePaginatorWhenEmpty = false,
  active = false,
  filterRow,
  foldFiltersAbove = 0,
  filtersLabel = 'table.filters',
  selection,
  actions,
  actionsWidth,
  emptyText,
  pinned,
  columnChoiceKey,
  columnChoice,
  toolbar,
  notice,
  rowClassName,
  newRowId = null,
  footer,
  caption,
  card = false,
  minWidth,
  cellMemo,
  className,
  stackedFiltersClassName,
}: PagedTableProps<T>) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const filterState = isTableState(table) ? table : undefined;

  const hideable = useMemo(
    () =>
      columnChoiceKey ? columns.filter((c) => c.field !== pinned && c.hideable !== false).map((c) => c.field) : [],
    [columns, pinned, columnChoiceKey],
  );
  const ownChoice = useColumnChoice(columnChoiceKey ?? '', hideable);
  const choice = columnChoice ?? ownChoice;
  const shownColumns = columns.filter((c) => choice.isVisible(c.field));
  const chooseColumn = (field: string, visible: boolean) => {
    choice.setVisible(field, visible);
    // A hidden column's filter would narrow the rows unseen.
    if (!visible) filterState?.clearFilter(field);
  };

  const filterColumns = shownColumns.filter((c) => c.filter);
  const withFilters = filterRow ?? (filterState !== undefined && (filterColumns.length > 0 || active));

  const retry = () => {
    void refetch?.();
  };
  /** Applies the filters; the same criteria again still reload. */
  const applyFilters = (next?: Record<string, string>, nextActive?: ActiveFilter) => {
    if (filterState && !filterState.search(next, nextActive)) retry();
  };
  const clearFilters = () => {
    if (filterState && !filterState.clearFilters()) retry();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      applyFilters();
    }
  };

  // On a phone a select shows what it filters beside its value, or every "All" would read the same.
  const selectValue = (name: string) => (option: { label?: string } | null) =>
    narrow ? `${name}: ${option?.label ?? ''}` : (option?.label ?? '');

  const selectFilter = (column: PagedColumn<T>, options: FilterOption[]) => {
    const name = t(column.header);
    return (
      <Dropdown
        value={filterState?.draft[column.field] || ALL}
        options={[{ label: t('active.all'), value: ALL }, ...options.map((o) => ({ label: t(o.label), value: o.value }))]}
        onChange={(e) => {
          const value = String(e.value ?? ALL);
          applyFilters({ ...filterState?.draft, [column.field]: value === ALL ? '' : value });
        }}
        valueTemplate={selectValue(name)}
        ariaLabel={name}
        aria-label={name}
        pt={{ ...DROPDOWN_PT, select: { 'aria-label': name } }}
        className="list-filter__select"
      />
    );
  };

  const filterPlaceholder = (column: PagedColumn<T>) => {
    const own = column.filterPlaceholder ? t(column.filterPlaceholder) : undefined;
    if (narrow) return own ? `${t(column.header)}: ${own}` : t(column.header);
    return own ?? t('table.filter_placeholder');
  };

  const textFilter = (column: PagedColumn<T>) =>
    column.filterOptions ? (
      selectFilter(column, column.filterOptions)
    ) : (
      // A plain input in PrimeReact InputText's classes: a wide list has a dozen filters, and
      // InputText resolves its classes and pass-through options on every render (ADR 0033).
      <input
        type="text"
        value={filterState?.draft[column.field] ?? ''}
        onChange={(e) => filterState?.setDraftField(column.field, e.target.value)}
        maxLength={MAX_FILTER_LENGTH}
        onKeyDown={onKeyDown}
        inputMode={column.filterInputMode}
        placeholder={filterPlaceholder(column)}
        title={column.filterHint ? t(column.filterHint) : undefined}
        aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
        className={`list-filter__input p-inputtext p-component${filterState?.draft[column.field] ? ' p-filled' : ''}`}
      />
    );

  // A filter-row cell is never empty: a column without a filter says so to screen readers.
  const noFilter = (header: string) => <span className="sr-only">{t('list.no_filter', { column: header })}</span>;

  const activeName = t('table.status');
  const activeFilter = (
    <Dropdown
      value={filterState?.active ?? 'all'}
      options={[
        { label: t('active.all'), value: 'all' },
        { label: t('active.active'), value: 'active' },
        { label: t('active.inactive'), value: 'inactive' },
      ]}
      onChange={(e) => {
        if (filterState && !filterState.setActive(e.value as ActiveFilter)) retry();
      }}
      valueTemplate={selectValue(activeName)}
      ariaLabel={activeName}
      aria-label={activeName}
      pt={{ ...DROPDOWN_PT, select: { 'aria-label': activeName } }}
      className="list-filter__select"
    />
  );

  const filterButtons = <FilterButtons onSearch={() => applyFilters()} onClear={clearFilters} />;

  const hasActions = actions !== undefined;
  const pinnedClass = (field: string) => (field === pinned ? 'list-pinned' : undefined);
  const lastField = shownColumns.at(-1)?.field;
  // Without an actions column the search buttons sit in the last column's filter cell.
  const filterCell = (column: PagedColumn<T>) => {
    const own = column.filter ? textFilter(column) : noFilter(t(column.header));
    if (hasActions || active || column.field !== lastField) return own;
    return column.filter ? (
      <div className="list-filter__with-buttons">
        {own}
        {filterButtons}
      </div>
    ) : (
      filterButtons
    );
  };

  const showFilterRow = withFilters && !narrow;
  const selectAll = selection?.selectAll ?? true;
  const selectionHeader = selectAll ? undefined : <span className="sr-only">{t('list.choice')}</span>;
  const widthStyle = (width?: string): CSSProperties | undefined => (width ? { width } : undefined);

  // The header is ours: the titles that sort, then (on wide screens) a row of plain cells holding
  // the filters. DataTable's own filter row builds a filter menu, its overlay and its match modes
  // for every column, which the table never shows.
  const headerGroup = (
    <ColumnGroup>
      <Row>
        {selection && (
          <Column
            selectionMode="multiple"
            header={selectionHeader}
            headerStyle={{ width: '3rem' }}
            pt={SELECTION_COLUMN_PT}
          />
        )}
        {shownColumns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={t(column.header)}
            sortable={table !== undefined && (column.sortable ?? false)}
            style={widthStyle(column.width)}
            headerClassName={pinnedClass(column.field)}
            alignHeader={column.align}
          />
        ))}
        {active && <Column field="is_active" header={t('table.active')} sortable={table !== undefined} style={{ width: '11rem' }} />}
        {hasActions && (
          <Column
            columnKey="actions"
            header={t('table.actions')}
            style={widthStyle(actionsWidth)}
            headerClassName="list-actions-header"
          />
        )}
      </Row>
      {showFilterRow && (
        <Row>
          {selection && (
            <Column columnKey="filter-selection" header={noFilter(t('list.choice'))} headerClassName="list-filter-cell" />
          )}
          {shownColumns.map((column) => (
            <Column
              key={column.field}
              columnKey={`filter-${column.field}`}
              header={filterCell(column)}
              headerClassName={['list-filter-cell', pinnedClass(column.field)].filter(Boolean).join(' ')}
            />
          ))}
          {active && (
            <Column
              columnKey="filter-is_active"
              header={hasActions ? activeFilter : (
                <div className="list-filter__with-buttons">
                  {activeFilter}
                  {filterButtons}
                </div>
              )}
              headerClassName="list-filter-cell"
            />
          )}
          {hasActions && (
            <Column columnKey="filter-actions" header={filterButtons} headerClassName="list-filter-cell list-actions-filter" />
          )}
        </Row>
      )}
    </ColumnGroup>
  );

  const foldFilters = filterColumns.length > foldFiltersAbove;
  const appliedCount = filterState?.appliedCount ?? 0;
  const stackedFilters = withFilters && narrow && (
    <div className={['list-filters-stacked', stackedFiltersClassName].filter(Boolean).join(' ')}>
      {foldFilters && (
        <Button
          type="button"
          icon={filtersOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
          label={appliedCount > 0 ? `${t(filtersLabel)} (${appliedCount})` : t(filtersLabel)}
          text
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          className="list-filters-stacked__toggle"
          onClick={() => setFiltersOpen((open) => !open)}
        />
      )}
      {(!foldFilters || filtersOpen) && (
        <div id={filtersId} className="list-filters-stacked__fields">
          {filterColumns.map((c) => (
            <div key={c.field}>{textFilter(c)}</div>
          ))}
          <div className="list-filters-stacked__row">
            {active && activeFilter}
            {filterButtons}
          </div>
        </div>
      )}
    </div>
  );

  const newLabel = t('list.new_row');
  const newMark = (row: T) =>
    row.id === newRowId ? <TagChip label={newLabel} severity="info" className="list-new-chip" /> : null;
  const activeLabels = { active: t('active.active'), inactive: t('active.inactive') };

  const bodyOf = (column: PagedColumn<T>) => {
    const marked = column.field === (pinned ?? shownColumns[0]?.field) && newRowId !== null;
    if (!marked) return column.body;
    return (row: T) => (
      <>
        {column.body ? column.body(row) : String((row as Record<string, unknown>)[column.field] ?? '')} {newMark(row)}
      </>
    );
  };

  const loadingText = (
    <div className="list-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden />
      <span>{t('table.loading')}</span>
    </div>
  );
  const empty = (
    <TableEmpty
      loading={isFetching && rows.length === 0}
      error={isError}
      onRetry={refetch ? retry : undefined}
      text={emptyText}
    />
  );

  const count = isError ? 0 : (total ?? rows.length);
  const paged = table !== undefined || (localRows !== undefined && rows.length > localRows);
  const showPaginator = paginator !== 'none' && paged && !(hidePaginatorWhenEmpty && count === 0);
  const layout = paginator === 'none' ? '' : PAGINATOR_LAYOUT[paginator];
  const pagingProps = table
    ? {
        lazy: true,
        first: table.first,
        rows: table.rows,
        totalRecords: count,
        rowsPerPageOptions: table.rowsPerPageOptions,
        onPage: table.onPage,
        sortField: table.sort.field,
        sortOrder: (table.sort.order === 'desc' ? -1 : 1) as 1 | -1,
        onSort: table.onSort,
      }
    : { rows: localRows };

  const classOf = (row: T) =>
    [
      rowClassName?.(row),
      selection?.onRowToggle ? 'choose-dialog__row' : undefined,
      row.id === newRowId ? 'list-row--new' : undefined,
    ]
      .filter(Boolean)
      .join(' ');

  const onRowKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (!selection?.onRowToggle || e.target !== e.currentTarget || (e.key !== ' ' && e.key !== 'Enter')) return;
    e.preventDefault();
    const index = Array.prototype.indexOf.call(e.currentTarget.parentElement?.children ?? [], e.currentTarget);
    const row = rows[index];
    if (row) selection.onRowToggle(row);
  };

  const fixedRem = (active ? ACTIVE_COLUMN_REM : 0) + (hasActions ? remOf(actionsWidth) : 0);
  const widthOf = (list: PagedColumn<T>[]) => list.reduce((sum, c) => sum + remOf(c.width), fixedRem);
  const tableMinWidth = minWidth
    ? `${Math.max(40, (Number.parseFloat(minWidth) * widthOf(shownColumns)) / widthOf(columns)).toFixed(1)}rem`
    : undefined;

  const cardRef = useRef<HTMLDivElement>(null);
  useScrollEdges(cardRef, '.p-datatable-wrapper', [narrow]);

  const checked = !selection ? [] : 'rows' in selection ? selection.rows : rows.filter((r) => selection.chosenIds.has(r.id));
  const onSelectionChange = (next: T[]) => {
    if (!selection) return;
    if ('rows' in selection) {
      selection.onChange(next);
      return;
    }
    const { added, removed } = pageSelectionChange(rows, selection.chosenIds, next);
    selection.onPageChange(
      added,
      removed.map((r) => r.id),
    );
  };
  const selectionProps = selection
    ? {
        selectionMode: 'checkbox' as const,
        selection: checked,
        onSelectionChange: (e: { value: T[] }) => onSelectionChange(e.value),
        selectionPageOnly: selection.pageOnly,
        showSelectAll: selectAll,
        selectionAriaLabel: selection.labelField ?? 'name',
      }
    : {};

  const dataTable = (
    <DataTable<T[]>
      // Stacked cells only on a phone; the memoized cells need a new table to change layout or
      // language (their titles, chips, buttons' labels and figures are translated by the table
      // once per render, not by each cell).
      key={`${narrow ? 'stack' : 'scroll'}-${i18n.language}`}
      value={rows}
      dataKey="id"
      {...pagingProps}
      paginator={showPaginator}
      paginatorTemplate={
        showPaginator
          ? {
              layout,
              RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => <RowsPerPage options={options} />,
            }
          : undefined
      }
      currentPageReportTemplate="{first}–{last} / {totalRecords}"
      headerColumnGroup={headerGroup}
      {...(selectionProps as object)}
      onRowClick={selection?.onRowToggle ? (e) => selection.onRowToggle?.(e.data as T) : undefined}
      pt={selection?.onRowToggle ? { bodyRow: { tabIndex: 0, onKeyDown: onRowKeyDown } } : undefined}
      rowClassName={classOf}
      loading={isFetching && rows.length > 0}
      loadingIcon={loadingText}
      emptyMessage={empty}
      cellMemo={cellMemo}
      responsiveLayout={narrow ? 'stack' : 'scroll'}
      breakpoint="500px"
      stripedRows
      size="small"
      header={caption}
      footer={footer}
      aria-label={label ? t(label) : undefined}
      className={['list-table', className].filter(Boolean).join(' ')}
      tableStyle={tableMinWidth && !narrow ? { minWidth: tableMinWidth } : undefined}
    >
      {selection && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />}
      {shownColumns.map((column) => (
        <Column
          key={column.field}
          field={column.field}
          header={narrow ? t(column.header) : undefined}
          body={bodyOf(column)}
          style={widthStyle(column.width)}
          bodyClassName={pinnedClass(column.field)}
          align={column.align}
        />
      ))}
      {active && (
        <Column
          field="is_active"
          header={narrow ? t('table.active') : undefined}
          body={(row: T) => <ActiveTag active={row.is_active ?? true} labels={activeLabels} />}
          style={{ width: '11rem' }}
        />
      )}
      {hasActions && (
        <Column
          columnKey="actions"
          header={narrow ? t('table.actions') : undefined}
          body={(row: T) => <div className="list-actions">{actions(row)}</div>}
          style={widthStyle(actionsWidth)}
          bodyClassName="list-actions-cell"
        />
      )}
    </DataTable>
  );

  return (
    <>
      {toolbar && (
        <header className={toolbar.className ?? 'list-toolbar'}>
          {toolbar.start}
          <div className={toolbar.buttonsClassName ?? 'list-toolbar__buttons'}>
            {toolbar.buttons}
            {hideable.length > 0 && (
              <ColumnChooser
                columns={columns.map((c) => ({ field: c.field, header: c.header, fixed: !hideable.includes(c.field) }))}
                isVisible={choice.isVisible}
                onChange={chooseColumn}
                onShowAll={choice.showAll}
                compact={narrow}
              />
            )}
            {(toolbar.refresh ?? true) && refetch && (
              <Button
                type="button"
                icon="pi pi-refresh"
                rounded
                text
                aria-label={t('table.refresh')}
                title={t('table.refresh')}
                onClick={retry}
              />
            )}
          </div>
        </header>
      )}
      {notice}
      {stackedFilters}
      {card ? (
        <div className="list-card" ref={cardRef}>
          {dataTable}
        </div>
      ) : (
        dataTable
      )}
    </>
  );
}
