import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/list/PagedTable';
import { useListActiveCategoriesQuery, type ActiveCategory } from '../../../shared/pickers/api';
import { nameList } from './composition';
import { PickerSearch } from '../../../shared/pickers/pickerParts';
import { useCompositionTable } from './tables';
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
  const table = useCompositionTable();
  const { data, isFetching, isError, refetch } = useListActiveCategoriesQuery(table.params, {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const chosen = useMemo(() => new Set(categories.map((c) => c.id)), [categories]);

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
      <PagedTable<ActiveCategory>
        columns={[{ field: 'name', header: 'campaign_stepper.category_name' }]}
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
