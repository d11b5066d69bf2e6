import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIGURE, formatAmount } from '../../../shared/format/amount';
import { AmountInput } from '../../../shared/form/AmountInput';
import { cashProblem } from '../../../shared/validation/amountRules';
import { PagedTable } from '../../../shared/list/PagedTable';
import { useListActivePartnersQuery } from '../../../shared/pickers/api';
import { Button } from 'primereact/button';
import { cashTotal, nameList, partnersOutside, type ChosenPartner, type Draft } from './composition';
import { PickerSearch } from '../../../shared/pickers/pickerParts';
import { useCompositionTable } from './tables';
import type { StepperPartner } from './types';

interface PartnersStepProps {
  open: boolean;
  draft: Draft;
  /** Every chosen partner's cash error shows (after a save was tried), not only the touched ones. */
  showErrors: boolean;
  onChange: (added: ChosenPartner[], removedIds: number[]) => void;
  onCash: (partner: ChosenPartner, text: string) => void;
  error?: string;
}

const chosenOf = (row: StepperPartner): ChosenPartner => ({
  id: row.id,
  name: row.name,
  categoryIds: row.categories.map((c) => c.id),
});

/**
 * Step 2 (spec §2): the active partners in any chosen category, paged on the server, each with a
 * checkbox and its cash in this campaign (the campaign's, or empty for a partner not in it). A
 * chosen partner needs a valid cash (spec §5); typing a cash chooses the row. The count and the
 * cash total are of the whole choice, every page.
 */
export function PartnersStep({ open, draft, showErrors, onChange, onCash, error }: PartnersStepProps) {
  const { t, i18n } = useTranslation();
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const table = useCompositionTable();
  const categoryIds = useMemo(() => draft.categories.map((c) => c.id).sort((a, b) => a - b), [draft.categories]);
  const none = categoryIds.length === 0;
  const { data, isFetching, isError, refetch } = useListActivePartnersQuery(
    { categoryIds, params: table.params },
    { skip: !open || none, refetchOnMountOrArgChange: true },
  );
  const chosen = draft.partners;
  const chosenIds = useMemo(() => new Set(chosen.keys()), [chosen]);
  const language = i18n.language;
  const total = useMemo(
    () =>
      cashTotal(
        [...chosen.keys()].map((id) => draft.cash[id]),
        language,
      ),
    [chosen, draft.cash, language],
  );
  const outside = useMemo(() => (none ? [] : partnersOutside(draft)), [none, draft]);
  const badCash = useMemo(
    () => [...chosen.values()].filter((p) => cashProblem(draft.cash[p.id], language) !== null),
    [chosen, draft.cash, language],
  );

  const cashCell = (row: StepperPartner) => {
    const text = draft.cash[row.id] ?? '';
    const problem = chosen.has(row.id) && (showErrors || touched.has(row.id)) ? cashProblem(text, language) : null;
    const errorId = `composition-cash-error-${row.id}`;
    return (
      <div className="composition-cash">
        <AmountInput
          value={text}
          onChange={(next) => onCash(chosenOf(row), next)}
          onBlur={() => setTouched((s) => (s.has(row.id) ? s : new Set(s).add(row.id)))}
          maxLength={20}
          aria-label={t('campaign_stepper.cash_for', { name: row.name })}
          invalid={Boolean(problem)}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          className="composition-cash__input"
        />
        {problem && (
          <small id={errorId} className="p-error composition-cash__error">
            {t(problem)}
          </small>
        )}
      </div>
    );
  };

  return (
    <>
      <div className="composition-step__toolbar">
        <PickerSearch className="composition-step__search" table={table} label={t('campaign_stepper.partner_name')} onSearch={() => !table.search() && void refetch()} />
        <span className="composition-step__count" aria-live="polite">
          <span data-testid="partners-count">{t('campaign_stepper.partners_selected', { count: chosen.size })}</span>
          {' · '}
          <span data-testid="cash-total">
            {t('campaign_stepper.cash_total', { total: formatAmount(total, i18n.language, FIGURE) })}
          </span>
        </span>
      </div>
      {error && (
        <p className="composition-step__error" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden /> {error}
        </p>
      )}
      {showErrors && badCash.length > 0 && (
        <p className="composition-step__error" role="alert" data-testid="cash-problems">
          <i className="pi pi-exclamation-circle" aria-hidden />{' '}
          {t('campaign_stepper.cash_missing', {
            count: badCash.length,
            names: nameList(
              badCash.map((p) => p.name),
              (count) => t('campaign_stepper.and_more', { count }),
            ),
          })}
        </p>
      )}
      {outside.length > 0 && (
        <div className="composition-step__warning" role="alert" data-testid="partners-outside">
          <p>
            <i className="pi pi-exclamation-triangle" aria-hidden />{' '}
            {t('campaign_stepper.outside', {
              count: outside.length,
              names: nameList(
                outside.map((p) => p.name),
                (count) => t('campaign_stepper.and_more', { count }),
              ),
            })}
          </p>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-user-minus"
            label={t('campaign_stepper.remove_outside')}
            onClick={() =>
              onChange(
                [],
                outside.map((p) => p.id),
              )
            }
          />
        </div>
      )}
      {none ? (
        <p className="composition-step__hint" role="status">
          <i className="pi pi-info-circle" aria-hidden /> {t('campaign_stepper.choose_category_first')}
        </p>
      ) : (
        <PagedTable<StepperPartner>
          columns={[
            { field: 'id', header: 'campaign_stepper.partner_id', sortable: true, width: '7rem' },
            { field: 'name', header: 'campaign_stepper.partner_name', sortable: true },
            { field: 'city_name', header: 'campaign_stepper.partner_city', sortable: true },
            {
              field: 'categories',
              header: 'campaign_stepper.partner_categories',
              body: (p) => p.categories.map((c) => c.name).join(', '),
            },
            { field: 'cash', header: 'campaign_stepper.cash', width: '12rem', body: cashCell },
          ]}
          table={table}
          query={{ data, isFetching, isError, refetch }}
          variant="choose"
          selection={{
            chosenIds,
            onPageChange: (added, removedIds) => onChange(added.map(chosenOf), removedIds),
          }}
          // The cash cells read the draft, not the row: PrimeReact's cell memo would keep them stale.
          cellMemo={false}
          className="composition-step__table"
        />
      )}
    </>
  );
}
