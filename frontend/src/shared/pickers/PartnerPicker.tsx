import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { MAX_FILTER_LENGTH } from '../api/list';
import { useTranslation } from 'react-i18next';
import { CHOOSE_PAGINATOR } from '../list/types';
import { SELECTION_COLUMN_PT } from '../ui/passThrough';
import type { ActivePartner } from './api';
import { usePartnerChoice, type ChoosePartnerProps, type PartnerFilterField } from './partnerChoice';
import { PartnerChoiceCount, PickerEmpty, PickerFooterButtons } from './pickerParts';
import './pickers.css';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

const FILTER_FIELDS: PartnerFilterField[] = ['name'];

/** The one search box searches as the user types, once typing pauses this long. */
const TYPING_DEBOUNCE_MS = 400;

/**
 * Spec §2 "Choose dialogs": the simpler single-select partner picker — active partners by name
 * only, searched and paged on the server, one checkbox choice handed over on confirm.
 */
export function PartnerPicker({ visible, onHide, onChoose, selected = null }: ChoosePartnerProps) {
  const { t } = useTranslation();
  const state = usePartnerChoice(visible, selected, FILTER_FIELDS, TYPING_DEBOUNCE_MS);
  const { rows, isFetching, isError } = state;

  const empty = <PickerEmpty loading={isFetching} error={isError} onRetry={() => void state.refetch()} />;

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('choose_partner.picker_title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.form)}
      className="choose-dialog partner-picker"
      footer={
        <PickerFooterButtons
          onHide={onHide}
          confirmDisabled={!state.choice}
          onConfirm={() => state.choice && onChoose(state.choice)}
        />
      }
    >
      <div className="choose-dialog__toolbar">
        <IconField iconPosition="left" className="choose-dialog__search">
          <InputIcon className="pi pi-search" />
          <InputText
            value={state.table.draft.name ?? ''}
            onChange={(e) => state.table.setDraftField('name', e.target.value)}
            maxLength={MAX_FILTER_LENGTH}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                state.applyFilters();
              }
            }}
            placeholder={t('table.filter_placeholder')}
            aria-label={`${t('choose_partner.name')} — ${t('table.filter_placeholder')}`}
          />
        </IconField>
        <PartnerChoiceCount choice={state.choice} />
      </div>
      <DataTable<ActivePartner[]>
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={state.table.first}
        rows={state.table.rows}
        totalRecords={state.total}
        {...CHOOSE_PAGINATOR}
        onPage={state.table.onPage}
        sortField={state.table.sort.field}
        sortOrder={state.table.sort.order === 'desc' ? -1 : 1}
        onSort={state.table.onSort}
        selectionMode="checkbox"
        showSelectAll={false}
        selection={state.selection as ActivePartner[]}
        onSelectionChange={(e) => state.onSelectionChange(e.value as ActivePartner[])}
        selectionAriaLabel="name"
        loading={isFetching && rows.length > 0}
        emptyMessage={empty}
        size="small"
        stripedRows
        className="choose-dialog__table"
      >
        <Column
          selectionMode="multiple"
          pt={SELECTION_COLUMN_PT}
          header={<span className="sr-only">{t('list.choice')}</span>}
          headerStyle={{ width: '3rem' }}
        />
        <Column field="name" header={t('choose_partner.name')} sortable />
      </DataTable>
    </Dialog>
  );
}
