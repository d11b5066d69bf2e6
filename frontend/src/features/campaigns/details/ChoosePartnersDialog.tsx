import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../shared/form/AmountInput';
import { cashProblem, cashToApi, invalidSubmitKey } from '../../../shared/validation/rules';
import { CHOOSE_PAGE_SIZES, CHOOSE_PAGINATOR } from '../../../shared/list/types';
import { useTableState } from '../../../shared/list/useTableState';
import { PickerEmpty, PickerFooterButtons, PickerSearch } from '../../../shared/pickers/pickerParts';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { SELECTION_COLUMN_PT } from '../../../shared/ui/passThrough';
import { useAddCampaignPartnersMutation, useCampaignCategoryIdsQuery, usePartnerChoicesQuery } from '../api';
import type { PartnerChoice } from '../types';

/** A row as the table shows it: the partner, whether it is chosen, its typed cash and that cash's problem. */
interface ShownPartner extends PartnerChoice {
  chosen: boolean;
  cashText: string;
  problem: string | null;
}

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
  const table = useTableState({
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
      table.reset();
    }
  }
  const categories = useCampaignCategoryIdsQuery(campaignId, { skip: !visible, refetchOnMountOrArgChange: true });
  const categoryIds = categories.data ?? [];
  const noCategories = categories.isSuccess && categoryIds.length === 0;
  const { data, isFetching, isError, refetch } = usePartnerChoicesQuery(
    { params: table.params, categoryIds },
    { skip: !visible || !categories.isSuccess || noCategories, refetchOnMountOrArgChange: true },
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
            <span className="choose-dialog__count" aria-live="polite">
              {t('campaigns.selected', { count: selection.length })}
            </span>
          </div>
          <p className="choose-partners-cash__hint">{t('campaigns.choose_partners_hint')}</p>
          <DataTable<ShownPartner[]>
            value={shown}
            dataKey="id"
            lazy
            paginator
            first={table.first}
            rows={table.rows}
            totalRecords={isError ? 0 : (data?.total ?? 0)}
            {...CHOOSE_PAGINATOR}
            onPage={table.onPage}
            sortField={table.sort.field}
            sortOrder={table.sort.order === 'desc' ? -1 : 1}
            onSort={table.onSort}
            selectionMode="checkbox"
            selectionPageOnly
            selection={shown.filter((p) => p.chosen)}
            onSelectionChange={(e) => setSelection(e.value)}
            selectionAriaLabel="name"
            loading={(isFetching || categories.isFetching) && rows.length > 0}
            emptyMessage={
              <PickerEmpty
                loading={isFetching || categories.isFetching}
                error={isError || categories.isError}
                onRetry={() => void (categories.isError ? categories.refetch() : refetch())}
              />
            }
            size="small"
            stripedRows
            responsiveLayout="stack"
            breakpoint="500px"
            className="choose-dialog__table"
          >
            <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
            <Column field="id" header={t('campaigns.partner_id')} sortable style={{ width: '6rem' }} />
            <Column field="name" header={t('campaigns.partner_name')} sortable />
            <Column
              field="category_names"
              header={t('campaigns.categories')}
              body={(p: PartnerChoice) => <span className="cell-clamp">{p.category_names}</span>}
            />
            <Column field="cash" header={t('campaigns.cash')} body={cashBody} style={{ width: '12rem' }} />
          </DataTable>
        </>
      )}
    </Dialog>
  );
}
