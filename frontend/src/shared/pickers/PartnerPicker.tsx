import { Dialog } from 'primereact/dialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { MAX_FILTER_LENGTH } from '../api/list';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedColumn } from '../list/PagedTable';
import type { ActivePartner } from './api';
import { usePartnerChoice, type ChoosePartnerProps, type PartnerFilterField } from './partnerChoice';
import { PartnerChoiceCount, PickerFooterButtons } from './pickerParts';
import './pickers.css';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

const FILTER_FIELDS: PartnerFilterField[] = ['name'];
const COLUMNS: PagedColumn<ActivePartner>[] = [{ field: 'name', header: 'choose_partner.name', sortable: true }];

/** The one search box searches as the user types, once typing pauses this long. */
const TYPING_DEBOUNCE_MS = 400;

/**
 * Spec §2 "Choose dialogs": the simpler single-select partner picker — active partners by name
 * only, searched and paged on the server, one checkbox choice handed over on confirm.
 */
export function PartnerPicker({ visible, onHide, onChoose, selected = null }: ChoosePartnerProps) {
  const { t } = useTranslation();
  const state = usePartnerChoice(visible, selected, FILTER_FIELDS, COLUMNS, TYPING_DEBOUNCE_MS);

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
        {state.views.menu}
        <PartnerChoiceCount choice={state.choice} />
      </div>
      {state.views.notice}
      <PagedTable<ActivePartner>
        columns={COLUMNS}
        table={state.table}
        query={state}
        variant="choose"
        selection={{
          rows: state.selection as ActivePartner[],
          onChange: (rows) => state.onSelectionChange(rows),
          selectAll: false,
        }}
        className="choose-dialog__table"
      />
    </Dialog>
  );
}
