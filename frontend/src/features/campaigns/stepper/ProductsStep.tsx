import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, PRICE } from '../../../shared/format/amount';
import { PagedTable } from '../../../shared/list/PagedTable';
import { useListActiveProductsQuery } from '../../../shared/pickers/api';
import { nameList } from './composition';
import { PickerSearch } from '../../../shared/pickers/pickerParts';
import { useCompositionTable } from './tables';
import type { Named, StepperProduct } from './types';

interface ProductsStepProps {
  open: boolean;
  products: Named[];
  onChange: (added: Named[], removedIds: number[]) => void;
  error?: string;
}

/** Step 3: a multi-select table of the active products (name, description, price), the campaign's checked. */
export function ProductsStep({ open, products, onChange, error }: ProductsStepProps) {
  const { t, i18n } = useTranslation();
  const table = useCompositionTable();
  const { data, isFetching, isError, refetch } = useListActiveProductsQuery(table.params, {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const chosen = useMemo(() => new Set(products.map((p) => p.id)), [products]);

  return (
    <>
      <div className="composition-step__toolbar">
        <PickerSearch className="composition-step__search" table={table} label={t('campaign_stepper.product_name')} onSearch={() => !table.search() && void refetch()} />
        <span className="composition-step__count" aria-live="polite" data-testid="products-count">
          {t('campaign_stepper.products_selected', { count: products.length })}
        </span>
      </div>
      {products.length > 0 && (
        <p className="composition-step__chosen">
          {t('campaign_stepper.chosen', {
            names: nameList(
              products.map((x) => x.name),
              (count) => t('campaign_stepper.and_more', { count }),
            ),
          })}
        </p>
      )}
      {error && (
        <p className="composition-step__error" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden /> {error}
        </p>
      )}
      <PagedTable<StepperProduct>
        columns={[
          { field: 'name', header: 'campaign_stepper.product_name', sortable: true },
          { field: 'description', header: 'campaign_stepper.product_description' },
          {
            field: 'price',
            header: 'campaign_stepper.product_price',
            sortable: true,
            align: 'right',
            width: '10rem',
            body: (p) => <span className="figure">{formatAmount(p.price, i18n.language, PRICE)}</span>,
          },
        ]}
        table={table}
        query={{ data, isFetching, isError, refetch }}
        variant="choose"
        selection={{
          chosenIds: chosen,
          onPageChange: (added, removedIds) => onChange(added.map(({ id, name }) => ({ id, name })), removedIds),
        }}
        className="composition-step__table"
      />
    </>
  );
}
