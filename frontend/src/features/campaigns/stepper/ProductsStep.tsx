import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, PRICE } from '../../../shared/format/amount';
import { TableEmpty } from '../../../shared/list/TableEmpty';
import { useTableState } from '../../../shared/list/useTableState';
import { SELECTION_COLUMN_PT } from '../../../shared/ui/passThrough';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';
import { useStepperProductsQuery } from './api';
import { nameList } from './composition';
import { PickerSearch } from '../../../shared/pickers/pickerParts';
import {
  COMPOSITION_PAGE_SIZE,
  COMPOSITION_PAGE_SIZES,
  COMPOSITION_PAGINATOR,
  pageSelectionChange,
  TYPING_DEBOUNCE_MS,
} from './tables';
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
  const narrow = useMediaQuery(MOBILE_QUERY);
  const table = useTableState({
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: COMPOSITION_PAGE_SIZES,
    pageSize: COMPOSITION_PAGE_SIZE,
    typingDebounceMs: TYPING_DEBOUNCE_MS,
  });
  const { data, isFetching, isError, refetch } = useStepperProductsQuery(table.params, {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const rows = isError ? [] : (data?.items ?? []);
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
      <DataTable<StepperProduct[]>
        key={narrow ? `stack-${i18n.language}` : 'scroll'}
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={table.first}
        rows={table.rows}
        totalRecords={isError ? 0 : (data?.total ?? 0)}
        {...COMPOSITION_PAGINATOR}
        onPage={table.onPage}
        sortField={table.sort.field}
        sortOrder={table.sort.order === 'desc' ? -1 : 1}
        onSort={table.onSort}
        selectionMode="checkbox"
        selection={rows.filter((r) => chosen.has(r.id))}
        onSelectionChange={(e) => {
          const { added, removed } = pageSelectionChange(rows, chosen, e.value as StepperProduct[]);
          onChange(
            added.map(({ id, name }) => ({ id, name })),
            removed.map((r) => r.id),
          );
        }}
        selectionAriaLabel="name"
        loading={isFetching && rows.length > 0}
        emptyMessage={<TableEmpty loading={isFetching} error={isError} onRetry={() => void refetch()} />}
        responsiveLayout={narrow ? 'stack' : 'scroll'}
        breakpoint="500px"
        size="small"
        stripedRows
        className="list-table composition-step__table"
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
        <Column field="name" header={t('campaign_stepper.product_name')} sortable />
        <Column field="description" header={t('campaign_stepper.product_description')} />
        <Column
          field="price"
          header={t('campaign_stepper.product_price')}
          sortable
          align="right"
          alignHeader="right"
          style={{ width: '10rem' }}
          body={(p: StepperProduct) => <span className="figure">{formatAmount(p.price, i18n.language, PRICE)}</span>}
        />
      </DataTable>
    </>
  );
}
