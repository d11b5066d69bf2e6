import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../shared/api/download';
import { MAX_FILTER_LENGTH } from '../../shared/api/list';
import { formatIsoDate } from '../../shared/format/date';
import { FilterButtons } from '../../shared/list/FilterButtons';
import { TableEmpty } from '../../shared/list/TableEmpty';
import { PAGE_SIZES } from '../../shared/list/types';
import { useTableState } from '../../shared/list/useTableState';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { SELECTION_COLUMN_PT } from '../../shared/ui/passThrough';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery';
import {
  useConfirmSliderPartnersMutation,
  useDownloadSliderPartnersExcelMutation,
  useSliderPartnersQuery,
  type SliderPartnersArgs,
} from './api';
import type { Slider, SliderPartner } from './types';

export const PARTNERS_FILE_NAME = 'Partners.xlsx';

/** The seminar's sign-ups, or the promotion's orders (only partners with an order). */
export type SliderPartnersMode = 'signups' | 'orders';

interface SliderPartnersDialogProps {
  /** false: the role may only read sliders, so no Confirm (ADR 0029). */
  canWrite?: boolean;
  slider: Slider | null;
  mode: SliderPartnersMode;
  visible: boolean;
  onHide: () => void;
}

interface FilterColumn {
  field: 'id' | 'name' | 'category_names';
  header: string;
  placeholder?: string;
}

const FILTER_COLUMNS: FilterColumn[] = [
  { field: 'id', header: 'sliders.partner_id', placeholder: 'sliders.partner_id_placeholder' },
  { field: 'name', header: 'sliders.partner_name' },
  { field: 'category_names', header: 'sliders.categories' },
];
const FILTER_FIELDS = FILTER_COLUMNS.map((c) => c.field);

/**
 * Spec §2 "Sliders list": 'Prijavljeni partneri na seminar' (id, name, categories, dates, whether
 * confirmed; Close and Confirm, which confirms the checked sign-ups) and 'Partneri koji su poručili
 * promotivni proizvod' (id, name, categories, quantity; only partners with an order, and the total
 * quantity). Both page, filter and sort on the server and download what they show as Excel.
 */
export function SliderPartnersDialog({ slider, mode, visible, onHide, canWrite = true }: SliderPartnersDialogProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const orders = mode === 'orders';
  const table = useTableState({
    filterFields: FILTER_FIELDS,
    defaultSort: { field: 'id', order: 'asc' },
    pageSizes: PAGE_SIZES,
  });
  const [selection, setSelection] = useState<SliderPartner[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // Each opening starts from the first page, no filter and nothing checked.
  const [open, setOpen] = useState(false);
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      table.reset();
      setSelection([]);
      setFiltersOpen(false);
    }
  }

  const args: SliderPartnersArgs = { sliderId: slider?.id ?? 0, params: table.params, ordered: orders };
  const { data, isFetching, isError, refetch } = useSliderPartnersQuery(args, {
    skip: !visible || !slider,
    refetchOnMountOrArgChange: true,
  });
  const [confirm, confirmState] = useConfirmSliderPartnersMutation();
  const [download, downloadState] = useDownloadSliderPartnersExcelMutation();
  const rows = isError ? [] : (data?.items ?? []);

  const applyFilters = () => {
    if (!table.search()) void refetch();
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

  const textFilter = (column: FilterColumn) => (
    <InputText
      value={table.draft[column.field] ?? ''}
      onChange={(e) => table.setDraftField(column.field, e.target.value)}
      maxLength={MAX_FILTER_LENGTH}
      onKeyDown={onKeyDown}
      inputMode={column.field === 'id' ? 'numeric' : undefined}
      placeholder={
        narrow ? t(column.header) : column.placeholder ? t(column.placeholder) : t('table.filter_placeholder')
      }
      aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
      className="list-filter__input"
    />
  );
  const noFilter = (header: string) => <span className="sr-only">{t('list.no_filter', { column: header })}</span>;
  const filterButtons = <FilterButtons onSearch={applyFilters} onClear={clearFilters} />;
  const filterProps = { filter: !narrow, showFilterMenu: false, showClearButton: false };

  const onConfirm = async () => {
    if (!slider || selection.length === 0) return;
    try {
      const answer = await confirm({ sliderId: slider.id, partners: selection.map((p) => p.id) }).unwrap();
      snackbar.success(t('sliders.confirm_success', { count: answer.confirmed }));
      setSelection([]);
    } catch {
      // The error dialog says why (e.g. a partner who has not signed up).
    }
  };

  const onDownload = async () => {
    if (!slider) return;
    try {
      saveObjectUrl(await download(args).unwrap(), PARTNERS_FILE_NAME);
    } catch {
      // The error dialog shows why the download failed (spec §8).
    }
  };

  // The filter row's cells come from the table's own filter model; the values live in the hook.
  const tableFilters: DataTableFilterMeta = Object.fromEntries(
    ['id', 'name', 'category_names', 'all_dates', 'confirmed', 'quantity', 'actions'].map((f) => [
      f,
      { value: null, matchMode: 'contains' },
    ]),
  );

  const footer = (
    <div className="slider-partners__footer">
      {orders ? (
        <span className="slider-partners__total" aria-live="polite" data-testid="total-quantity">
          {t('sliders.total_quantity', { quantity: data?.totalQuantity ?? 0 })}
        </span>
      ) : (
        <span className="choose-dialog__count" aria-live="polite">
          {t('sliders.selected_partners', { count: selection.length })}
        </span>
      )}
      <div className="form-dialog__footer">
        <Button type="button" label={t('dialog.close')} icon="pi pi-times" severity="secondary" text onClick={onHide} />
        {!orders && canWrite && (
          <Button
            type="button"
            label={t('dialog.confirm')}
            icon="pi pi-check"
            disabled={selection.length === 0}
            loading={confirmState.isLoading}
            onClick={() => {
              void onConfirm();
            }}
          />
        )}
      </div>
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t(orders ? 'sliders.orders_title' : 'sliders.signups_title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="slider-partners"
      footer={footer}
    >
      <div className="slider-partners__toolbar">
        <span className="slider-partners__slider">
          <i className={orders ? 'pi pi-shopping-cart' : 'pi pi-calendar'} aria-hidden /> {slider?.name}
        </span>
        <Button
          type="button"
          icon="pi pi-download"
          label={narrow ? undefined : t('sliders.excel_download')}
          aria-label={t('sliders.excel_download')}
          title={t('sliders.excel_download')}
          outlined
          severity="success"
          size="small"
          loading={downloadState.isLoading}
          disabled={!slider}
          onClick={() => {
            void onDownload();
          }}
        />
      </div>
      {narrow && (
        <div className="list-filters-stacked slider-partners__filters">
          <Button
            type="button"
            icon={filtersOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
            label={table.appliedCount > 0 ? `${t('table.filters')} (${table.appliedCount})` : t('table.filters')}
            text
            aria-expanded={filtersOpen}
            aria-controls="slider-partners-filters"
            className="list-filters-stacked__toggle"
            onClick={() => setFiltersOpen((o) => !o)}
          />
          {filtersOpen && (
            <div id="slider-partners-filters" className="list-filters-stacked__fields">
              {FILTER_COLUMNS.map((c) => (
                <div key={c.field}>{textFilter(c)}</div>
              ))}
              <div className="list-filters-stacked__row">{filterButtons}</div>
            </div>
          )}
        </div>
      )}
      <DataTable<SliderPartner[]>
        key={narrow ? `stack-${i18n.language}` : 'scroll'}
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={table.first}
        rows={table.rows}
        totalRecords={isError ? 0 : (data?.total ?? 0)}
        rowsPerPageOptions={table.rowsPerPageOptions}
        paginatorTemplate="PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate="{first}–{last} / {totalRecords}"
        onPage={table.onPage}
        sortField={table.sort.field}
        sortOrder={table.sort.order === 'desc' ? -1 : 1}
        onSort={table.onSort}
        filterDisplay={narrow ? undefined : 'row'}
        filters={tableFilters}
        onFilter={() => undefined}
        // Checkboxes only in the sign-ups: the orders dialog has no selection column.
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(e) => setSelection(e.value)}
        selectionAriaLabel="name"
        loading={isFetching && rows.length > 0}
        emptyMessage={<TableEmpty loading={isFetching} error={isError} onRetry={() => void refetch()} />}
        responsiveLayout={narrow ? 'stack' : 'scroll'}
        breakpoint="500px"
        size="small"
        stripedRows
        // The generic list's table styles, its stacked cards on a phone included.
        className="list-table slider-partners__table"
      >
        {!orders && (
          <Column
            selectionMode="multiple"
            pt={SELECTION_COLUMN_PT}
            headerStyle={{ width: '3rem' }}
            {...filterProps}
            filterElement={() => noFilter(t('list.choice'))}
          />
        )}
        {FILTER_COLUMNS.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={t(column.header)}
            sortable
            style={column.field === 'id' ? { width: '7rem' } : undefined}
            {...filterProps}
            filterElement={() => textFilter(column)}
          />
        ))}
        {orders ? (
          <Column
            field="quantity"
            header={t('sliders.quantity')}
            sortable
            align="right"
            alignHeader="right"
            style={{ width: '8rem' }}
            body={(p: SliderPartner) => <span className="figure">{p.quantity}</span>}
            {...filterProps}
            filterElement={() => filterButtons}
          />
        ) : (
          <Column
            field="all_dates"
            header={t('sliders.dates')}
            body={(p: SliderPartner) => (
              <span className="slider-partners__dates">
                {p.all_dates.map((d) => (
                  <time key={d} dateTime={d}>
                    {formatIsoDate(d, i18n.language)}
                  </time>
                ))}
              </span>
            )}
            {...filterProps}
            filterElement={() => noFilter(t('sliders.dates'))}
          />
        )}
        {!orders && (
          <Column
            field="confirmed"
            header={t('sliders.confirmed')}
            style={{ width: '9rem' }}
            body={(p: SliderPartner) => (
              <Tag
                value={t(p.confirmed ? 'sliders.confirmed_yes' : 'sliders.confirmed_no')}
                icon={p.confirmed ? 'pi pi-check' : undefined}
                severity={p.confirmed ? 'success' : undefined}
                rounded
                className={p.confirmed ? 'list-chip' : 'list-chip chip-muted'}
              />
            )}
            {...filterProps}
            filterElement={() => filterButtons}
          />
        )}
      </DataTable>
    </Dialog>
  );
}
