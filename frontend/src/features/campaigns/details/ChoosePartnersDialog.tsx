import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../shared/form/AmountInput';
import { cashProblem, cashToApi } from '../../../shared/validation/amountRules';
import { invalidSubmitKey } from '../../../shared/validation/rules';
import { PagedTable } from '../../../shared/list/PagedTable';
import { CHOOSE_PAGE_SIZES } from '../../../shared/list/types';
import { PickerFooterButtons, PickerSearch } from '../../../shared/pickers/pickerParts';
import { useChooseTableState } from '../../../shared/pickers/useChooseTableState';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { useListActivePartnersQuery } from '../../../shared/pickers/api';
import { useAddCampaignPartnersMutation, useCampaignCategoryIdsQuery } from '../api';
import type { PartnerChoice } from '../types';

/** A row as the table shows it: the partner, whether it is chosen, its typed cash and that cash's problem. */
interface ShownPartner extends PartnerChoice {
  chosen: boolean;
  cashText: string;
  problem: string | null;
}

/** The table's columns; the cash column's cell is the dialog's own. */
const VIEW_COLUMNS = [
  { field: 'id', header: 'campaigns.partner_id' },
  { field: 'name', header: 'campaigns.partner_name' },
  { field: 'category_names', header: 'campaigns.categories' },
];

interface ChoosePartnersDialogProps {
  campaignId: number;
  visible: boolean;
  onHide: () => void;
}

/**
 * Spec §2 "Partners tab": choose partners of the campaign's categories, each with its cash
 * (required, ≥ 0, up to 10 digits and 3 decimals; spec §5), and add them on confirm.
 */
export function ChoosePartnersDialog({ campaignId, visible, onHide }: ChoosePartnersDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<PartnerChoice[]>([]);
  const [cash, setCash] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const { table, reset, views } = useChooseTableState({
    list: 'partnersActive',
    visible,
    columns: VIEW_COLUMNS,
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: CHOOSE_PAGE_SIZES,
    typingDebounceMs: 400,
  });
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setSelection([]);
      setCash({});
      setChecked(false);
      reset();
    }
  }
  const categories = useCampaignCategoryIdsQuery(campaignId, { skip: !visible, refetchOnMountOrArgChange: true });
  const categoryIds = categories.data ?? [];
  const noCategories = categories.isSuccess && categoryIds.length === 0;
  const { data, isFetching, isError, refetch } = useListActivePartnersQuery(
    { params: table.params, categoryIds },
    { skip: !visible || !categories.isSuccess || noCategories || views.waiting, refetchOnMountOrArgChange: true },
  );
  const [add, addState] = useAddCampaignPartnersMutation();
  const rows = isError || noCategories ? [] : (data?.items ?? []);

  const problems = Object.fromEntries(selection.map((p) => [p.id, cashProblem(cash[p.id], language)]));
  const invalid = selection.some((p) => problems[p.id] !== null);

  const confirm = async () => {
    setChecked(true);
    if (selection.length === 0 || addState.isLoading) return;
    if (invalid) {
      snackbar.error(t(invalidSubmitKey(problems)));
      return;
    }
    try {
      await add({ campaignId, partners: selection.map((p) => ({ id: p.id, cash: cashToApi(cash[p.id] ?? '', language) })) }).unwrap();
      snackbar.success(t('add_success'));
      onHide();
    } catch {
      // The error dialog says why (a partner outside the categories, a bad cash).
    }
  };

  // The table's cells are memoized on their row: each row carries what its cash cell shows.
  const shown: ShownPartner[] = rows.map((p) => ({
    ...p,
    chosen: selection.some((s) => s.id === p.id),
    cashText: cash[p.id] ?? '',
    problem: checked ? (problems[p.id] ?? null) : null,
  }));

  const cashBody = (p: ShownPartner) => {
    if (!p.chosen) return <span className="choose-cash__hint">{t('campaigns.cash_after_choice')}</span>;
    const problem = p.problem;
    const errorId = `cash-error-${p.id}`;
    return (
      <div className="choose-cash">
        <AmountInput
          value={p.cashText}
          onChange={(text) => setCash((c) => ({ ...c, [p.id]: text }))}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          maxLength={20}
          invalid={Boolean(problem)}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          aria-label={t('campaigns.cash_of', { name: p.name })}
          className="choose-cash__input"
        />
        {problem && (
          <small id={errorId} className="form-field__error" role="alert">
            {t(problem)}
          </small>
        )}
      </div>
    );
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('campaigns.choose_partners')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="choose-dialog choose-partners-cash"
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
      {noCategories ? (
        <Message severity="warn" text={t('campaigns.partners_need_categories')} className="choose-partners-cash__none" />
      ) : (
        <>
          <div className="choose-dialog__toolbar">
            <PickerSearch table={table} label={t('campaigns.partner_name')} onSearch={() => !table.search() && void refetch()} />
            {views.menu}
            <span className="choose-dialog__count" aria-live="polite">
              {t('campaigns.selected', { count: selection.length })}
            </span>
          </div>
          <p className="choose-partners-cash__hint">{t('campaigns.choose_partners_hint')}</p>
          {views.notice}
          <PagedTable<ShownPartner>
            columns={[
              { field: 'id', header: 'campaigns.partner_id', sortable: true, width: '6rem' },
              { field: 'name', header: 'campaigns.partner_name', sortable: true },
              {
                field: 'category_names',
                header: 'campaigns.categories',
                body: (p) => <span className="cell-clamp">{p.category_names}</span>,
              },
              { field: 'cash', header: 'campaigns.cash', body: cashBody, width: '12rem' },
            ]}
            rows={shown}
            table={table}
            total={data?.total ?? 0}
            isFetching={isFetching || categories.isFetching}
            isError={isError || categories.isError}
            refetch={() => (categories.isError ? categories.refetch() : refetch())}
            variant="choose"
            selection={{ rows: shown.filter((p) => p.chosen), onChange: setSelection, pageOnly: true }}
            className="choose-dialog__table"
          />
        </>
      )}
    </Dialog>
  );
}
