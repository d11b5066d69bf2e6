import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import {
  DataTable,
  type DataTableFilterMeta,
  type DataTablePageEvent,
  type DataTableSortEvent,
} from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH, type ListParams, type SortOrder } from '../api/list';
import { useSnackbar } from '../snackbar/snackbarContext';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { ActiveChip } from './ActiveChip';
import { FilterButtons } from './FilterButtons';
import { EditButton, ToggleActiveButton } from './RowActionButtons';
import { ToggleActiveConfirm } from './ToggleActiveConfirm';
import {
  PAGE_SIZES,
  type DefaultSort,
  type FormMode,
  type FormRenderProps,
  type ListColumn,
  type ListRow,
  type RowAction,
  type UseListQuery,
  type UseToggleMutation,
} from './types';

type ActiveFilter = 'all' | 'active' | 'inactive';

export interface ListPageProps<T extends ListRow> {
  /** Catalogue key of the title. */
  title: string;
  columns: ListColumn<T>[];
  defaultSort: DefaultSort<T>;
  useList: UseListQuery<T>;
  useToggle: UseToggleMutation;
  /** The label of a row in confirmations, e.g. the name. */
  rowLabel: (row: T) => string;
  /** The add/edit dialog; omit for lists without one. */
  renderForm?: (props: FormRenderProps<T>) => ReactNode;
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
}

/** On narrow screens more filters than this fold behind a Filters button. */
const STACKED_FILTERS_OPEN_UP_TO = 4;

function emptyFilters<T>(columns: ListColumn<T>[]): Record<string, string> {
  return Object.fromEntries(columns.filter((c) => c.filter).map((c) => [c.field, '']));
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
  rowActions = [],
  pageSize = PAGE_SIZES[0],
  toolbarExtra,
  tableMinWidth,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);

  const [page, setPage] = useState({ first: 0, rows: pageSize });
  const [sort, setSort] = useState<{ field: string; order: SortOrder }>(defaultSort);
  const [draft, setDraft] = useState<Record<string, string>>(() => emptyFilters(columns));
  const [applied, setApplied] = useState<Record<string, string>>(() => emptyFilters(columns));
  const [active, setActive] = useState<ActiveFilter>('all');
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

  const params: ListParams = {
    page: Math.floor(page.first / page.rows) + 1,
    per_page: page.rows,
    sort: sort.field,
    order: sort.order,
    is_active: active === 'all' ? undefined : active === 'active' ? 1 : 0,
    filters: applied,
  };
  // Every search, page or sort asks the server again: a back office wants current rows, not cache.
  const { data, isFetching, refetch } = useList(params, { refetchOnMountOrArgChange: true });
  const [toggle, toggleState] = useToggle();

  const rows = useMemo(() => {
    const items = data?.items ?? [];
    if (overrides.data !== data) return items;
    return items.map((row) =>
      row.id in overrides.values ? { ...row, is_active: overrides.values[row.id] } : row,
    );
  }, [data, overrides]);

  const applyFilters = (next: Record<string, string> = draft, nextActive: ActiveFilter = active) => {
    const unchanged =
      nextActive === active &&
      page.first === 0 &&
      Object.keys(next).every((k) => (next[k] ?? '').trim() === (applied[k] ?? '').trim());
    // Searching again with the same criteria still reloads.
    if (unchanged) void refetch();
    setApplied({ ...next });
    setActive(nextActive);
    setPage((p) => ({ ...p, first: 0 }));
  };

  const clearFilters = () => {
    const cleared = emptyFilters(columns);
    setDraft(cleared);
    applyFilters(cleared, 'all');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      applyFilters();
    }
  };

  const onSort = (e: DataTableSortEvent) => {
    if (typeof e.sortField !== 'string' || !e.sortField) return;
    setSort({ field: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' });
    setPage((p) => ({ ...p, first: 0 }));
  };

  const onPage = (e: DataTablePageEvent) => setPage({ first: e.first, rows: e.rows });

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
  const onSaved = () => {
    snackbar.success(t(form.state.mode === 'add' ? 'add_success' : 'edit_success'));
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

  const textFilter = (column: ListColumn<T>) => (
    <InputText
      value={draft[column.field] ?? ''}
      onChange={(e) => setDraft((d) => ({ ...d, [column.field]: e.target.value }))}
      maxLength={MAX_FILTER_LENGTH}
      onKeyDown={onKeyDown}
      placeholder={filterPlaceholder(column)}
      title={column.filterHint ? t(column.filterHint) : undefined}
      aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
      className="list-filter__input"
    />
  );

  const activeFilter = (
    <Dropdown
      value={active}
      options={activeOptions}
      onChange={(e) => applyFilters(draft, e.value as ActiveFilter)}
      ariaLabel={t('table.status')}
      aria-label={t('table.status')}
      className="list-filter__select"
    />
  );

  const filterButtons = <FilterButtons onSearch={() => applyFilters()} onClear={clearFilters} />;

  // DataTable renders the filter row only from its own filter model; the values live in our state.
  const tableFilters: DataTableFilterMeta = Object.fromEntries(
    [...columns.map((c) => c.field), 'is_active', 'actions'].map((f) => [f, { value: null, matchMode: 'contains' }]),
  );

  const activeBody = (row: T) => <ActiveChip active={row.is_active} />;

  const actionsBody = (row: T) => (
    <div className="list-actions">
      {rowActions
        .filter((action) => action.visible?.(row) ?? true)
        .map((action) => (
          <Button
            key={action.key}
            type="button"
            icon={action.icon}
            rounded
            text
            severity="secondary"
            aria-label={t(action.label)}
            title={t(action.label)}
            onClick={() => action.onClick(row)}
          />
        ))}
      {renderForm && <EditButton onClick={() => openForm({ mode: 'edit', row })} />}
      <ToggleActiveButton
        active={row.is_active}
        disabled={toggleState.isLoading}
        onClick={() => setConfirm({ row, visible: true })}
      />
    </div>
  );

  const loadingText = (
    <div className="list-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden />
      <span>{t('table.loading')}</span>
    </div>
  );

  const empty =
    isFetching && rows.length === 0 ? (
      loadingText
    ) : (
      <Message severity="info" text={t('table.no_data')} className="list-empty" />
    );

  const showFilterRow = !narrow;
  const filterColumns = columns.filter((c) => c.filter);
  const foldFilters = filterColumns.length > STACKED_FILTERS_OPEN_UP_TO;
  const appliedCount = Object.values(applied).filter((v) => v.trim() !== '').length + (active === 'all' ? 0 : 1);

  return (
    <section className="list-page" aria-labelledby="list-title">
      <header className="list-toolbar">
        <h1 id="list-title" className="list-toolbar__title">
          {t(title)}
        </h1>
        <div className="list-toolbar__buttons">
          {toolbarExtra?.(params)}
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
          {renderForm && (
            <Button type="button" icon="pi pi-plus" label={t('table.add')} onClick={() => openForm({ mode: 'add' })} />
          )}
        </div>
      </header>

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
                {activeFilter}
                {filterButtons}
              </div>
            </div>
          )}
        </div>
      )}

      <div className="list-card">
        <DataTable
          value={rows}
          dataKey="id"
          lazy
          paginator
          first={page.first}
          rows={page.rows}
          totalRecords={data?.total ?? 0}
          rowsPerPageOptions={PAGE_SIZES}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
          currentPageReportTemplate="{first}–{last} / {totalRecords}"
          onPage={onPage}
          sortField={sort.field}
          sortOrder={sort.order === 'desc' ? -1 : 1}
          onSort={onSort}
          filterDisplay={showFilterRow ? 'row' : undefined}
          filters={tableFilters}
          onFilter={() => undefined}
          loading={isFetching && rows.length > 0}
          loadingIcon={loadingText}
          emptyMessage={empty}
          responsiveLayout="stack"
          breakpoint="500px"
          stripedRows
          size="small"
          className={tableMinWidth ? 'list-table list-table--wide' : 'list-table'}
          tableStyle={{ minWidth: narrow ? undefined : (tableMinWidth ?? '40rem') }}
        >
          {columns.map((column) => (
            <Column
              key={column.field}
              field={column.field}
              header={t(column.header)}
              sortable={column.sortable ?? true}
              body={column.body}
              style={column.width ? { width: column.width } : undefined}
              align={column.align}
              alignHeader={column.align}
              filter={showFilterRow && Boolean(column.filter)}
              filterElement={column.filter ? () => textFilter(column) : undefined}
              showFilterMenu={false}
              showClearButton={false}
            />
          ))}
          <Column
            field="is_active"
            header={t('table.active')}
            sortable
            body={activeBody}
            style={{ width: '11rem' }}
            filter={showFilterRow}
            filterElement={() => activeFilter}
            showFilterMenu={false}
            showClearButton={false}
          />
          <Column
            columnKey="actions"
            header={t('table.actions')}
            body={actionsBody}
            style={{ width: `${8 + 2.4 * rowActions.length}rem` }}
            bodyClassName="list-actions-cell"
            headerClassName="list-actions-header"
            filterHeaderClassName="list-actions-filter"
            filter={showFilterRow}
            filterElement={() => filterButtons}
            showFilterMenu={false}
            showClearButton={false}
          />
        </DataTable>
      </div>

      <ToggleActiveConfirm
        row={confirm.row}
        visible={confirm.visible}
        rowLabel={rowLabel}
        onAccept={() => {
          void confirmToggle();
        }}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
      />

      {renderForm && (
        <div key={form.key}>
          {renderForm({ state: form.state, visible: form.visible, onHide: closeForm, onSaved })}
        </div>
      )}
    </section>
  );
}
