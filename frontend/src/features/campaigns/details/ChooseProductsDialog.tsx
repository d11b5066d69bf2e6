import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../shared/format/AmountText';
import { PRICE } from '../../../shared/format/amount';
import { PagedTable } from '../../../shared/list/PagedTable';
import { CHOOSE_PAGE_SIZES } from '../../../shared/list/types';
import { PickerFooterButtons, PickerSearch } from '../../../shared/pickers/pickerParts';
import { useChooseTableState } from '../../../shared/pickers/useChooseTableState';
import type { PagedColumn } from '../../../shared/list/PagedTable';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { useListActiveProductsQuery } from '../../../shared/pickers/api';
import { useAddCampaignProductsMutation } from '../api';
import type { ProductChoice } from '../types';

const COLUMNS: PagedColumn<ProductChoice>[] = [
  { field: 'name', header: 'campaigns.product_name', sortable: true },
  {
    field: 'description',
    header: 'campaigns.description',
    body: (p) => <span className="cell-clamp">{p.description}</span>,
  },
  {
    field: 'price',
    header: 'campaigns.price',
    sortable: true,
    align: 'right',
    body: (p) => <AmountText value={p.price} precision={PRICE} />,
  },
];

interface ChooseProductsDialogProps {
  campaignId: number;
  visible: boolean;
  onHide: () => void;
}

/**
 * Spec §2 "Products tab": a multi-select table of the active products (name, description,
 * price; 8 rows, 8–50), searched and paged on the server; the choice survives paging and is
 * added to the campaign on confirm.
 */
export function ChooseProductsDialog({ campaignId, visible, onHide }: ChooseProductsDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<ProductChoice[]>([]);
  const { table, reset, views } = useChooseTableState({
    list: 'productsActive',
    visible,
    columns: COLUMNS,
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: CHOOSE_PAGE_SIZES,
    typingDebounceMs: 400,
  });
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setSelection([]);
      reset();
    }
  }
  const { data, isFetching, isError, refetch } = useListActiveProductsQuery(table.params, {
    skip: !visible || views.waiting,
    refetchOnMountOrArgChange: true,
  });
  const [add, addState] = useAddCampaignProductsMutation();

  const confirm = async () => {
    if (selection.length === 0 || addState.isLoading) return;
    try {
      await add({ campaignId, products: selection.map((p) => p.id) }).unwrap();
      snackbar.success(t('add_success'));
      onHide();
    } catch {
      // The error dialog says why.
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('campaigns.choose_products')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="choose-dialog"
      footer={
        <PickerFooterButtons
          onHide={onHide}
          confirmDisabled={selection.length === 0 || addState.isLoading}
          onConfirm={() => {
            void confirm();
          }}
        />
      }
    >
      <div className="choose-dialog__toolbar">
        <PickerSearch table={table} label={t('campaigns.product_name')} onSearch={() => !table.search() && void refetch()} />
        {views.menu}
        <span className="choose-dialog__count" aria-live="polite">
          {t('campaigns.selected', { count: selection.length })}
        </span>
      </div>
      {views.notice}
      <PagedTable<ProductChoice>
        columns={COLUMNS}
        table={table}
        query={{ data, isFetching, isError, refetch }}
        variant="choose"
        selection={{ rows: selection, onChange: setSelection, pageOnly: true }}
        className="choose-dialog__table"
      />
    </Dialog>
  );
}
