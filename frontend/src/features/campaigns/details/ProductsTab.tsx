import { useCanWrite } from '../../../shared/auth/permissions';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../shared/format/AmountText';
import { PRICE } from '../../../shared/format/amount';
import { ActiveChip } from '../../../shared/list/ActiveChip';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { IconButton } from '../../../shared/ui/IconButton';
import { useCampaignProductsQuery, useRemoveCampaignProductMutation } from '../api';
import type { CampaignProduct } from '../types';
import { ChooseProductsDialog } from './ChooseProductsDialog';
import { RemoveConfirm } from './RemoveConfirm';
import { TabTable } from './TabTable';
import { useTabTableState, type TabColumn } from './useTabTableState';

const columns: TabColumn<CampaignProduct>[] = [
  {
    field: 'name',
    header: 'campaigns.product_name',
    sortable: true,
    filter: true,
    body: (p) => (
      <span className="campaign-name">
        <img className="product-thumb" src={`${p.image_url}?size=thumb`} alt="" width={44} height={44} loading="lazy" />
        <span>{p.name}</span>
      </span>
    ),
  },
  {
    field: 'price',
    header: 'campaigns.price',
    sortable: true,
    align: 'right',
    width: '9rem',
    body: (p) => <AmountText value={p.price} precision={PRICE} />,
  },
  { field: 'is_active', header: 'table.active', width: '9rem', body: (p) => <ActiveChip active={p.is_active} /> },
];

/** Spec §2 "Products tab": the campaign's products, the choose-products dialog and a delete per row. */
export function ProductsTab({ campaignId }: { campaignId: number }) {
  const canWrite = useCanWrite('campaigns');
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const tab = useTabTableState({ list: 'campaignProducts', columns, defaultSort: { field: 'name', order: 'asc' } });
  const { table } = tab;
  // A default view is applied before the first page is asked for.
  const { data, isFetching, isError, refetch } = useCampaignProductsQuery(
    { campaignId, params: table.params },
    { refetchOnMountOrArgChange: true, skip: tab.views.waiting },
  );
  const [remove, removeState] = useRemoveCampaignProductMutation();
  const [choosing, setChoosing] = useState(false);
  const [confirm, setConfirm] = useState<{ row: CampaignProduct | null; visible: boolean }>({ row: null, visible: false });

  const onRemove = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      await remove({ campaignId, productId: row.id }).unwrap();
      snackbar.success(t('campaigns.product_removed'));
    } catch {
      // 435 (the product has cart items) and the rest: the error dialog says why.
    }
  };

  return (
    <>
      <TabTable<CampaignProduct>
        label="campaigns.tabs.products"
        columns={columns}
        state={tab}
        query={{ data, isFetching, isError, refetch }}
        toolbar={
          canWrite && <Button type="button" icon="pi pi-plus" label={t('campaigns.add_products')} onClick={() => setChoosing(true)} />
        }
        actions={canWrite ? (row) => (
          <IconButton
            icon="pi pi-trash"
            label={t('campaigns.remove_product')}
            severity="danger"
            disabled={removeState.isLoading}
            onClick={() => setConfirm({ row, visible: true })}
          />
        ) : undefined}
      />
      <ChooseProductsDialog campaignId={campaignId} visible={choosing} onHide={() => setChoosing(false)} />
      <RemoveConfirm
        visible={confirm.visible}
        title="campaigns.remove_product_title"
        message={confirm.row ? t('campaigns.remove_product_message', { name: confirm.row.name }) : ''}
        onAccept={() => {
          void onRemove();
        }}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
      />
    </>
  );
}
