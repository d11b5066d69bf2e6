import { Button } from 'primereact/button';
import { DROPDOWN_PT } from '../ui/passThrough';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { Row } from 'primereact/row';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH, type ListParams } from '../api/list';
import { useSnackbar } from '../snackbar/snackbarContext';
import { IconButton } from '../ui/IconButton';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { ActiveChip } from './ActiveChip';
import { ColumnChooser } from './ColumnChooser';
import { FilterButtons } from './FilterButtons';
import { EditButton, ToggleActiveButton } from './RowActionButtons';
import { TableEmpty } from './TableEmpty';
import { ToggleActiveConfirm } from './ToggleActiveConfirm';
import {
  PAGE_SIZES,
  type DefaultSort,
  type FilterOption,
  type FormMode,
  type FormRenderProps,
  type ListColumn,
  type ListRow,
  type RowAction,
  type SavedNotice,
  type UseListQuery,
  type UseToggleMutation,
} from './types';
import { useColumnChoice } from './useColumnChoice';
import { useScrollEdges } from './useScrollEdges';
import { useTableState, type ActiveFilter } from './useTableState';
import './list.css';
import { RowsPerPage } from './RowsPerPage';

export interface ListPageProps<T extends ListRow> {
  /** Catalogue key of the title. */
  title: string;
  columns: ListColumn<T>[];
  defaultSort: DefaultSort<T>;
  useList: UseListQuery<T>;
  /**
   * Deactivate/reactivate (spec §4). Omit for records without an active state (push
   * notifications): the list then has no active column, no active select and no toggle action.
   */
  useToggle?: UseToggleMutation;
  /** The label of a row in confirmations, e.g. the name. */
  rowLabel: (row: T) => string;
  /** The add/edit dialog; omit for lists without one. */
  renderForm?: (props: FormRenderProps<T>) => ReactNode;
  /** false: the form only adds (no edit action), as for push notifications. */
  editable?: boolean;
  /** false hides the add button, e.g. for a role that may only read. */
  canAdd?: boolean;
  /**
   * false: the role may only read (ADR 0029): no add, edit or activate/deactivate; the screen
   * hides its own write actions (row actions, import) the same way.
   */
  canWrite?: boolean;
  /** Shown between the toolbar and the table, e.g. a standing notice about the screen. */
  notice?: ReactNode;
  /** Actions shown before edit, e.g. a details dialog. */
  rowActions?: RowAction<T>[];
  pageSize?: number;
  /**
   * Extra toolbar buttons (e.g. an export), given the list's current query: the applied
   * filters, the active select and the sort, plus the page shown.
   */
  toolbarExtra?: (params: ListParams) => ReactNode;
  /**
   * Minimum width of a table with many columns: it scrolls sideways in its card on wide
   * screens, with the row actions kept in view at the right edge.
   */
  tableMinWidth?: string;
  /** Where the user's column choice is remembered; the title key when omitted. */
  listKey?: string;
}

/** A list without an active state never toggles. */
const noToggle: UseToggleMutation = () => [() => ({ unwrap: () => Promise.reject(new Error('no toggle')) }), { isLoading: false }] as const;

/** On narrow screens more filters than this fold behind a Filters button. */
const STACKED_FILTERS_OPEN_UP_TO = 4;

/** Width of a column without its own hint, and of the active column, in rem. */
const DEFAULT_COLUMN_REM = 10;
const ACTIVE_COLUMN_REM = 11;

const remOf = (width: string | undefined) => Number.parseFloat(width ?? '') || DEFAULT_COLUMN_REM;

/** The column that names the row: the one marked pinned, else `name`, else the first. */
function pinnedField<T>(columns: ListColumn<T>[]): string | undefined {
  return (columns.find((c) => c.pinned) ?? columns.find((c) => c.field === 'name') ?? columns[0])?.field;
}

/**
 * The spec's generic list pattern (§2): toolbar, server-side paged/sorted/filtered table with a
 * filter row, active chips, edit and deactivate/reactivate actions behind confirmations, and the
 * add/edit dialog. A list screen is a configuration of this component.
 */
export function ListPage<T extends ListRow>({
  title,
  columns,
  defaultSort,
  useList,
  useToggle,
  rowLabel,
  renderForm,
  editable = true,
  canAdd = true,
  canWrite = true,
  notice,
  rowActions = [],
  pageSize = PAGE_SIZES[0],
  toolbarExtra,
  tableMinWidth,
  listKey = title,
}: ListPageProps<T>) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);

  const filterFields = useMemo(() => columns.filter((c) => c.filter).map((c) => c.field), [columns]);
  const table = useTableState({ filterFields, defaultSort, pageSizes: PAGE_SIZES, pageSize });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The row being confirmed stays set while the dialog animates out, so its title does not flip.
  const [confirm, setConfirm] = useState<{ row: T | null; visible: boolean }>({ row: null, visible: false });
  const [form, setForm] = useState<{ state: FormMode<T>; visible: boolean; key: number }>({
    state: { mode: 'add' },
    visible: false,
    key: 0,
  });
  // The server's answer to a toggle, applied to the row until fresh data arrives.
  const [overrides, setOverrides] = useState<{ data: unknown; values: Record<number, boolean> }>({
    data: undefined,
    values: {},
  });

  const params = table.params;
  // Every search, page or sort asks the server again: a back office wants current rows, not cache.
  const { data, isFetching, isError, refetch } = useList(params, { refetchOnMountOrArgChange: true });
  const [toggle, toggleState] = (useToggle ?? noToggle)();
  const hasActive = useToggle !== undefined;
  const toggleAction = hasActive && canWrite;
  const editAction = Boolean(renderForm) && editable && canWrite;
  const hasActions = toggleAction || editAction || rowActions.length > 0;

  const rows = useMemo(() => {
    // A list that failed shows the failure, not the rows of an earlier answer.
    const items = isError ? [] : (data?.items ?? []);
    if (overrides.data !== data) return items;
    return items.map((row) =>
      row.id in overrides.values ? { ...row, is_active: overrides.values[row.id] } : row,
    );
  }, [data, overrides, isError]);

  /** Applies the filters; the same criteria again still reload. */
  const applyFilters = (next?: Record<string, string>, nextActive?: ActiveFilter) => {
    if (!table.search(next, nextActive)) void refetch();
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

  const pinned = pinnedField(columns);
  const hideable = useMemo(
    () => columns.filter((c) => c.field !== pinned && c.hideable !== false).map((c) => c.field as string),
    [columns, pinned],
  );
  const choice = useColumnChoice(listKey, hideable);
  const shownColumns = columns.filter((c) => choice.isVisible(c.field));
  const chooseColumn = (field: string, visible: boolean) => {
    choice.setVisible(field, visible);
    // A hidden column's filter would narrow the rows unseen.
    if (!visible) table.clearFilter(field);
  };

  const confirmToggle = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      const answer = await toggle(row.id).unwrap();
      setOverrides((o) => ({
        data,
        values: { ...(o.data === data ? o.values : {}), [row.id]: answer.is_active },
      }));
      snackbar.success(t('activate.success'));
    } catch {
      // The API layer shows the error dialog.
    }
  };

  const openForm = (state: FormMode<T>) => setForm((f) => ({ state, visible: true, key: f.key + 1 }));
  const closeForm = () => setForm((f) => ({ ...f, visible: false }));
  const onSaved = (notice?: SavedNotice) => {
    snackbar.success(notice?.text ?? t(form.state.mode === 'add' ? 'add_success' : 'edit_success'), undefined, notice?.action);
    closeForm();
  };

  const activeOptions = [
    { label: t('active.all'), value: 'all' },
    { label: t('active.active'), value: 'active' },
    { label: t('active.inactive'), value: 'inactive' },
  ];

  const filterPlaceholder = (column: ListColumn<T>) => {
    const own = column.filterPlaceholder ? t(column.filterPlaceholder) : undefined;
    if (narrow) return own ? `${t(column.header)}: ${own}` : t(column.header);
    return own ?? t('table.filter_placeholder');
  };

  // The select's "All" choice; the filter itself is then empty (nothing sent).
  const ALL = '*';
  const selectFilter = (column: ListColumn<T>, options: FilterOption[]) => (
    <Dropdown
      value={table.draft[column.field] || ALL}
      options={[{ label: t('active.all'), value: ALL }, ...options.map((o) => ({ label: t(o.label), value: o.value }))]}
      onChange={(e) => {
        const value = String(e.value ?? ALL);
        applyFilters({ ...table.draft, [column.field]: value === ALL ? '' : value });
      }}
      ariaLabel={t(column.header)}
      aria-label={t(column.header)}
      pt={{ ...DROPDOWN_PT, select: { 'aria-label': t(column.header) } }}
      className="list-filter__select"
    />
  );

  const textInput = (column: ListColumn<T>) => (
    <InputText
      value={table.draft[column.field] ?? ''}
      onChange={(e) => table.setDraftField(column.field, e.target.value)}
      maxLength={MAX_FILTER_LENGTH}
      onKeyDown={onKeyDown}
      placeholder={filterPlaceholder(column)}
      title={column.filterHint ? t(column.filterHint) : undefined}
      aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
      className="list-filter__input"
    />
  );

  const textFilter = (column: ListColumn<T>) =>
    column.filterOptions ? selectFilter(column, column.filterOptions) : textInput(column);

  // A filter-row cell is never empty: a column without a filter says so to screen readers.
  const noFilter = (column: ListColumn<T>) => (
    <span className="sr-only">{t('list.no_filter', { column: t(column.header) })}</span>
  );

  const activeFilter = (
    <Dropdown
      value={table.active}
      options={activeOptions}
      onChange={(e) => {
        if (!table.setActive(e.value as ActiveFilter)) void refetch();
      }}
      ariaLabel={t('table.status')}
      aria-label={t('table.status')}
      pt={{ ...DROPDOWN_PT, select: { 'aria-label': t('table.status') } }}
      className="list-filter__select"
    />
  );

  const filterButtons = <FilterButtons onSearch={() => applyFilters()} onClear={clearFilters} />;

  const activeBody = (row: T) => <ActiveChip active={row.is_active ?? true} />;

  const actionsBody = (row: T) => (
    <div className="list-actions">
      {rowActions
        .filter((action) => action.visible?.(row) ?? true)
        .map((action) => (
          <IconButton
            key={action.key}
            icon={typeof action.icon === 'function' ? action.icon(row) : action.icon}
            label={t(typeof action.label === 'function' ? action.label(row) : action.label)}
            severity="secondary"
            onClick={() => action.onClick(row)}
          />
        ))}
      {editAction && <EditButton onClick={() => openForm({ mode: 'edit', row })} />}
      {toggleAction && (
        <ToggleActiveButton
          active={row.is_active ?? true}
          disabled={toggleState.isLoading}
          onClick={() => setConfirm({ row, visible: true })}
        />
      )}
    </div>
  );

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
      onRetry={() => {
        void refetch();
      }}
    />
  );

  // A wide table is as wide as its shown columns need.
  const actionsRem = hasActions ? (toggleAction || editAction ? 8 : 3) + 2.4 * rowActions.length : 0;
  const fixedRem = (hasActive ? ACTIVE_COLUMN_REM : 0) + actionsRem;
  const widthOf = (list: ListColumn<T>[]) => list.reduce((sum, c) => sum + remOf(c.width), fixedRem);
  const minWidth = tableMinWidth
    ? `${Math.max(40, (Number.parseFloat(tableMinWidth) * widthOf(shownColumns)) / widthOf(columns)).toFixed(1)}rem`
    : '40rem';

  const card = useRef<HTMLDivElement>(null);
  useScrollEdges(card, '.p-datatable-wrapper', [narrow]);

  const showFilterRow = !narrow;
  const filterColumns = shownColumns.filter((c) => c.filter);
  const foldFilters = filterColumns.length > STACKED_FILTERS_OPEN_UP_TO;
  const appliedCount = table.appliedCount;

  // The header is ours: the titles that sort, then (on wide screens) a row of plain cells holding
  // the filters. DataTable's own filter row builds a filter menu, its overlay and its match modes
  // for every column, which the list never shows, and that was a fifth of a wide list's paint.
  const pinnedClass = (field: string) => (field === pinned ? 'list-pinned' : undefined);
  const headerGroup = (
    <ColumnGroup>
      <Row>
        {shownColumns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={t(column.header)}
            sortable={column.sortable ?? true}
            style={column.width ? { width: column.width } : undefined}
            headerClassName={pinnedClass(column.field)}
            alignHeader={column.align}
          />
        ))}
        {hasActive && <Column field="is_active" header={t('table.active')} sortable style={{ width: '11rem' }} />}
        {hasActions && (
          <Column
            columnKey="actions"
            header={t('table.actions')}
            style={{ width: `${actionsRem}rem` }}
            headerClassName="list-actions-header"
          />
        )}
      </Row>
      {showFilterRow && (
        <Row>
          {shownColumns.map((column) => (
            <Column
              key={column.field}
              columnKey={`filter-${column.field}`}
              header={column.filter ? textFilter(column) : noFilter(column)}
              headerClassName={['list-filter-cell', pinnedClass(column.field)].filter(Boolean).join(' ')}
            />
          ))}
          {hasActive && <Column columnKey="filter-is_active" header={activeFilter} headerClassName="list-filter-cell" />}
          <Column columnKey="filter-actions" header={filterButtons} headerClassName="list-filter-cell list-actions-filter" />
        </Row>
      )}
    </ColumnGroup>
  );

  return (
    <section className="list-page" aria-labelledby="list-title">
      <header className="list-toolbar">
        <h1 id="list-title" className="list-toolbar__title">
          {t(title)}
        </h1>
        <div className="list-toolbar__buttons">
          {toolbarExtra?.(params)}
          {hideable.length > 0 && (
            <ColumnChooser
              columns={columns.map((c) => ({ field: c.field, header: c.header, fixed: !hideable.includes(c.field) }))}
              isVisible={choice.isVisible}
              onChange={chooseColumn}
              onShowAll={choice.showAll}
              compact={narrow}
            />
          )}
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
          {renderForm && canAdd && canWrite && (
            <Button type="button" icon="pi pi-plus" label={t('table.add')} onClick={() => openForm({ mode: 'add' })} />
          )}
        </div>
      </header>

      {notice}

      {narrow && (
        <div className="list-filters-stacked">
          {foldFilters && (
            <Button
              type="button"
              icon={filtersOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
              label={appliedCount > 0 ? `${t('table.filters')} (${appliedCount})` : t('table.filters')}
              text
              aria-expanded={filtersOpen}
              aria-controls="list-filters-stacked-fields"
              className="list-filters-stacked__toggle"
              onClick={() => setFiltersOpen((open) => !open)}
            />
          )}
          {(!foldFilters || filtersOpen) && (
            <div id="list-filters-stacked-fields" className="list-filters-stacked__fields">
              {filterColumns.map((c) => (
                <div key={c.field}>{textFilter(c)}</div>
              ))}
              <div className="list-filters-stacked__row">
                {hasActive && activeFilter}
                {filterButtons}
              </div>
            </div>
          )}
        </div>
      )}

      <div className="list-card" ref={card}>
        <DataTable
          key={narrow ? `stack-${i18n.language}` : 'scroll'}
          value={rows}
          dataKey="id"
          lazy
          paginator
          first={table.first}
          rows={table.rows}
          totalRecords={isError ? 0 : (data?.total ?? 0)}
          rowsPerPageOptions={table.rowsPerPageOptions}
          paginatorTemplate={{
            layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
            RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => <RowsPerPage options={options} />,
          }}
          currentPageReportTemplate="{first}–{last} / {totalRecords}"
          onPage={table.onPage}
          sortField={table.sort.field}
          sortOrder={table.sort.order === 'desc' ? -1 : 1}
          onSort={table.onSort}
          headerColumnGroup={headerGroup}
          loading={isFetching && rows.length > 0}
          loadingIcon={loadingText}
          emptyMessage={empty}
          // Stacked cells only where they show: a wider table skips their titles and the style they
          // need. The table's cells are memoized, so crossing the breakpoint, or a new language in
          // the stacked cells' titles, builds it anew (key).
          responsiveLayout={narrow ? 'stack' : 'scroll'}
          breakpoint="500px"
          stripedRows
          size="small"
          className={tableMinWidth ? 'list-table list-table--wide' : 'list-table'}
          tableStyle={{ minWidth: narrow ? undefined : minWidth }}
        >
          {shownColumns.map((column) => (
            <Column
              key={column.field}
              field={column.field}
              header={narrow ? t(column.header) : undefined}
              body={column.body}
              style={column.width ? { width: column.width } : undefined}
              bodyClassName={column.field === pinned ? 'list-pinned' : undefined}
              align={column.align}
            />
          ))}
          {hasActive && (
            <Column
              field="is_active"
              header={narrow ? t('table.active') : undefined}
              body={activeBody}
              style={{ width: '11rem' }}
            />
          )}
          {hasActions && (
            <Column
              columnKey="actions"
              header={narrow ? t('table.actions') : undefined}
              body={actionsBody}
              style={{ width: `${actionsRem}rem` }}
              bodyClassName="list-actions-cell"
            />
          )}
        </DataTable>
      </div>

      {hasActive && (
        <ToggleActiveConfirm
          row={confirm.row}
          visible={confirm.visible}
          rowLabel={rowLabel}
          onAccept={() => {
            void confirmToggle();
          }}
          onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
        />
      )}

      {/* The form mounts on its first opening, so a list screen's first paint does not pay for it. */}
      {renderForm && form.key > 0 && (
        <div key={form.key}>
          {renderForm({ state: form.state, visible: form.visible, onHide: closeForm, onSaved })}
        </div>
      )}
    </section>
  );
}
