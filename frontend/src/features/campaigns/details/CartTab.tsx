import { useCanWrite } from '../../../shared/auth/permissions';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../../shared/api/download';
import type { BulkConfig } from '../../../shared/bulk/types';
import { useBulk } from '../../../shared/bulk/useBulk';
import { AmountText } from '../../../shared/format/AmountText';
import { COUNT, PRICE } from '../../../shared/format/amount';
import { formatDateTime } from '../../../shared/notifications/format';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { IconButton } from '../../../shared/ui/IconButton';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';
import { tabTag, useCampaignCartQuery, useDownloadCampaignCartMutation, useToggleCartDeliveryMutation } from '../api';
import type { CartItem } from '../types';
import { TabTable } from './TabTable';
import { useTabTableState, type TabColumn } from './useTabTableState';

export const CART_FILE_NAME = 'Cart.xlsx';

function CreatedAt({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} className="nowrap">
      {formatDateTime(value, i18n.language)}
    </time>
  );
}

/** Spec §4 "Cart item": delivered or not. */
export function DeliveredChip({ delivered }: { delivered: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(delivered ? 'campaigns.delivered' : 'campaigns.undelivered')}
      icon={delivered ? 'pi pi-check' : 'pi pi-clock'}
      severity={delivered ? 'success' : 'warning'}
      rounded
      className="list-chip"
    />
  );
}

const columns: TabColumn<CartItem>[] = [
  { field: 'created_at', header: 'campaigns.date', sortable: true, width: '10rem', body: (c) => <CreatedAt value={c.created_at} /> },
  { field: 'name', header: 'campaigns.partner_name', sortable: true, filter: true },
  { field: 'phone', header: 'campaigns.phone', sortable: true, filter: true, width: '9rem' },
  { field: 'product', header: 'campaigns.product', sortable: true, filter: true },
  { field: 'price', header: 'campaigns.price', sortable: true, align: 'right', width: '8rem', body: (c) => <AmountText value={c.price} precision={PRICE} /> },
  { field: 'quantity', header: 'campaigns.quantity', sortable: true, align: 'right', width: '7rem', body: (c) => <AmountText value={c.quantity} precision={COUNT} /> },
  { field: 'value', header: 'campaigns.value', align: 'right', width: '9rem', body: (c) => <AmountText value={c.value} precision={PRICE} /> },
  {
    field: 'is_active',
    header: 'campaigns.delivery',
    sortable: true,
    filter: true,
    filterOptions: [
      { value: '1', label: 'campaigns.delivered' },
      { value: '0', label: 'campaigns.undelivered' },
    ],
    width: '11rem',
    body: (c) => <DeliveredChip delivered={c.is_active} />,
  },
];

/**
 * Spec §2 "Cart tab": what partners ordered, newest first, with the delivery toggle behind a
 * confirmation, the ordered and delivered worth of the filter, and the cart as Excel.
 */
export function CartTab({ campaignId }: { campaignId: number }) {
  const canWrite = useCanWrite('campaigns');
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const tab = useTabTableState({ list: 'campaignCart', columns, defaultSort: { field: 'created_at', order: 'desc' } });
  const { table } = tab;
  const args = { campaignId, params: table.params };
  // A default view is applied before the first page is asked for.
  const { data, isFetching, isError, refetch } = useCampaignCartQuery(args, { refetchOnMountOrArgChange: true, skip: tab.views.waiting });
  const [toggle, toggleState] = useToggleCartDeliveryMutation();
  const [download, downloadState] = useDownloadCampaignCartMutation();
  const [confirm, setConfirm] = useState<{ row: CartItem | null; visible: boolean }>({ row: null, visible: false });
  const rows = isError ? [] : (data?.items ?? []);
  const pageQuantity = rows.reduce((sum, row) => sum + row.quantity, 0);
  const bulkConfig = useMemo<BulkConfig>(
    () => ({
      path: `campaigns/${campaignId}/cart`,
      resource: 'campaigns',
      actions: ['deliver', 'undeliver'],
      tags: [tabTag(campaignId, 'cart')],
      noun: 'bulk.nouns.cart_items',
      labelField: 'product',
    }),
    [campaignId],
  );
  const bulk = useBulk<CartItem>(bulkConfig, { params: table.params, total: data?.total ?? 0, rows, canWrite });

  const onToggle = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      const answer = await toggle({ campaignId, id: row.id }).unwrap();
      snackbar.success(t(answer.is_active ? 'campaigns.delivered_success' : 'campaigns.undelivered_success'));
    } catch {
      // The error dialog says why.
    }
  };

  const onDownload = async () => {
    try {
      saveObjectUrl(await download(args).unwrap(), CART_FILE_NAME);
    } catch {
      // The error dialog shows why the download failed (spec §8).
    }
  };

  const delivering = !(confirm.row?.is_active ?? false);

  return (
    <>
      <TabTable<CartItem>
        label="campaigns.tabs.cart"
        columns={columns}
        state={tab}
        query={{ data, isFetching, isError, refetch }}
        rows={rows}
        bulk={bulk}
        toolbar={
          <Button
            type="button"
            icon="pi pi-download"
            label={narrow ? undefined : t('campaigns.cart_excel')}
            aria-label={t('campaigns.cart_excel')}
            title={t('campaigns.cart_excel')}
            outlined
            severity="success"
            loading={downloadState.isLoading}
            onClick={() => {
              void onDownload();
            }}
          />
        }
        footer={
          <div className="campaign-totals" aria-live="polite">
            <span>
              {t('campaigns.total_ordered')}{' '}
              <strong data-testid="total-ordered">
                <AmountText value={data?.totalOrdered ?? '0'} precision={PRICE} />
              </strong>
            </span>
            <span>
              {t('campaigns.total_delivered')}{' '}
              <strong data-testid="total-delivered">
                <AmountText value={data?.totalDelivered ?? '0'} precision={PRICE} />
              </strong>
            </span>
            <span className="campaign-totals__page">
              {t('campaigns.page_quantity')}{' '}
              <strong data-testid="page-quantity">
                <AmountText value={pageQuantity} precision={COUNT} />
              </strong>
            </span>
          </div>
        }
        actions={canWrite ? (row) => (
          <IconButton
            icon={row.is_active ? 'pi pi-replay' : 'pi pi-check-square'}
            label={t(row.is_active ? 'campaigns.mark_undelivered' : 'campaigns.mark_delivered')}
            severity={row.is_active ? 'secondary' : 'success'}
            disabled={toggleState.isLoading}
            onClick={() => setConfirm({ row, visible: true })}
          />
        ) : undefined}
      />
      <ConfirmDialog
        visible={confirm.visible}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
        header={t(delivering ? 'campaigns.delivered_title' : 'campaigns.undelivered_title')}
        message={
          confirm.row
            ? t(delivering ? 'campaigns.delivered_message' : 'campaigns.undelivered_message', {
                product: confirm.row.product,
                name: confirm.row.name,
              })
            : ''
        }
        icon={delivering ? 'pi pi-check-square' : 'pi pi-replay'}
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        accept={() => {
          void onToggle();
        }}
        reject={() => setConfirm((c) => ({ ...c, visible: false }))}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </>
  );
}
