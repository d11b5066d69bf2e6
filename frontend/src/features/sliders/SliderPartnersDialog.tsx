import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../shared/api/download';
import { formatIsoDate } from '../../shared/format/date';
import { PagedTable, type PagedColumn } from '../../shared/list/PagedTable';
import { PAGE_SIZES } from '../../shared/list/types';
import { useTableState } from '../../shared/list/useTableState';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
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

const FILTER_COLUMNS: PagedColumn<SliderPartner>[] = [
  {
    field: 'id',
    header: 'sliders.partner_id',
    filterPlaceholder: 'sliders.partner_id_placeholder',
    filterInputMode: 'numeric',
    sortable: true,
    filter: true,
    width: '7rem',
  },
  { field: 'name', header: 'sliders.partner_name', sortable: true, filter: true },
  { field: 'category_names', header: 'sliders.categories', sortable: true, filter: true },
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
  // Each opening builds the table anew: its phone filters start folded.
  const [opening, setOpening] = useState(0);

  // Each opening starts from the first page, no filter and nothing checked.
  const [open, setOpen] = useState(false);
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      table.reset();
      setSelection([]);
      setOpening((n) => n + 1);
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

  const columns: PagedColumn<SliderPartner>[] = [
    ...FILTER_COLUMNS,
    orders
      ? {
          field: 'quantity',
          header: 'sliders.quantity',
          sortable: true,
          align: 'right',
          width: '8rem',
          body: (p) => <span className="figure">{p.quantity}</span>,
        }
      : {
          field: 'all_dates',
          header: 'sliders.dates',
          body: (p) => (
            <span className="slider-partners__dates">
              {p.all_dates.map((d) => (
                <time key={d} dateTime={d}>
                  {formatIsoDate(d, i18n.language)}
                </time>
              ))}
            </span>
          ),
        },
    ...(orders
      ? []
      : [
          {
            field: 'confirmed',
            header: 'sliders.confirmed',
            width: '9rem',
            body: (p: SliderPartner) => (
              <Tag
                value={t(p.confirmed ? 'sliders.confirmed_yes' : 'sliders.confirmed_no')}
                icon={p.confirmed ? 'pi pi-check' : undefined}
                severity={p.confirmed ? 'success' : undefined}
                rounded
                className={p.confirmed ? 'list-chip' : 'list-chip chip-muted'}
              />
            ),
          },
        ]),
  ];

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
      <PagedTable<SliderPartner>
        key={opening}
        columns={columns}
        rows={rows}
        table={table}
        total={data?.total ?? 0}
        isFetching={isFetching}
        isError={isError}
        refetch={refetch}
        paginator="short"
        stackedFiltersClassName="slider-partners__filters"
        // Checkboxes only in the sign-ups: the orders dialog has no selection column.
        selection={orders ? undefined : { rows: selection, onChange: setSelection }}
        className="slider-partners__table"
      />
    </Dialog>
  );
}
