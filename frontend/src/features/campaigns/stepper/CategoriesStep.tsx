import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableState } from '../../../shared/list/useTableState';
import { TableEmpty } from '../../../shared/list/TableEmpty';
import { useListActiveCategoriesQuery, type ActiveCategory } from '../../../shared/pickers/api';
import { SELECTION_COLUMN_PT } from '../../../shared/ui/passThrough';
import { nameList } from './composition';
import { PickerSearch } from '../../../shared/pickers/pickerParts';
import {
  COMPOSITION_PAGE_SIZE,
  COMPOSITION_PAGE_SIZES,
  COMPOSITION_PAGINATOR,
  pageSelectionChange,
  TYPING_DEBOUNCE_MS,
} from './tables';
import type { Named } from './types';

interface CategoriesStepProps {
  /** The dialog is open: the table loads. */
  open: boolean;
  categories: Named[];
  onChange: (added: Named[], removedIds: number[]) => void;
  /** Shown under the table after a refused save: no category chosen, or the server's word. */
  error?: string;
}

/** Step 1: a multi-select table of the active categories, the campaign's checked (spec §2). */
export function CategoriesStep({ open, categories, onChange, error }: CategoriesStepProps) {
  const { t } = useTranslation();
  const table = useTableState({
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: COMPOSITION_PAGE_SIZES,
    pageSize: COMPOSITION_PAGE_SIZE,
    typingDebounceMs: TYPING_DEBOUNCE_MS,
  });
  const { data, isFetching, isError, refetch } = useListActiveCategoriesQuery(table.params, {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const rows = isError ? [] : (data?.items ?? []);
  const chosen = useMemo(() => new Set(categories.map((c) => c.id)), [categories]);
  const selection = rows.filter((r) => chosen.has(r.id));

  return (
    <>
      <div className="composition-step__toolbar">
        <PickerSearch className="composition-step__search" table={table} label={t('campaign_stepper.category_name')} onSearch={() => !table.search() && void refetch()} />
        <span className="composition-step__count" aria-live="polite" data-testid="categories-count">
          {t('campaign_stepper.categories_selected', { count: categories.length })}
        </span>
      </div>
      {categories.length > 0 && (
        <p className="composition-step__chosen">
          {t('campaign_stepper.chosen', {
            names: nameList(
              categories.map((x) => x.name),
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
      <DataTable<ActiveCategory[]>
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={table.first}
        rows={table.rows}
        totalRecords={isError ? 0 : (data?.total ?? 0)}
        {...COMPOSITION_PAGINATOR}
        onPage={table.onPage}
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(e) => {
          const { added, removed } = pageSelectionChange(rows, chosen, e.value as ActiveCategory[]);
          onChange(
            added.map(({ id, name }) => ({ id, name })),
            removed.map((r) => r.id),
          );
        }}
        selectionAriaLabel="name"
        loading={isFetching && rows.length > 0}
        emptyMessage={<TableEmpty loading={isFetching} error={isError} onRetry={() => void refetch()} />}
        size="small"
        stripedRows
        className="list-table composition-step__table"
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
        <Column field="name" header={t('campaign_stepper.category_name')} />
      </DataTable>
    </>
  );
}
