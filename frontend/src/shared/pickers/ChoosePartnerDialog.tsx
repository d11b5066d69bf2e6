import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../list/ActiveChip';
import { PagedTable, type PagedColumn } from '../list/PagedTable';
import type { ActivePartner } from './api';
import { usePartnerChoice, type ChoosePartnerProps, type PartnerFilterField } from './partnerChoice';
import { PartnerChoiceCount, PickerFooterButtons } from './pickerParts';
import './pickers.css';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

// Spec §2 "Choose-partner": name, address, pib, pdv, active, type, actions.
const COLUMNS: PagedColumn<ActivePartner>[] = [
  { field: 'name', header: 'choose_partner.name', sortable: true, filter: true },
  { field: 'address', header: 'choose_partner.address', sortable: true, filter: true },
  { field: 'pib', header: 'choose_partner.pib', sortable: true, filter: true },
  { field: 'pdv', header: 'choose_partner.pdv', sortable: true, filter: true },
  { field: 'is_active', header: 'table.active', sortable: true, body: (p) => <ActiveChip active={p.is_active} /> },
  {
    field: 'partner_type_name',
    header: 'choose_partner.type',
    sortable: true,
    filter: true,
    body: (p) => p.partner_type_name ?? '—',
  },
];
const FILTER_FIELDS = COLUMNS.filter((c) => c.filter).map((c) => c.field as PartnerFilterField);

/**
 * Spec §2 "Choose dialogs": the full table of active partners with one checkbox choice, a filter
 * per text column, sorting and the choose-dialog page sizes, all on the server. Confirm hands the
 * choice over; a row's own button chooses it at once. On a phone the filters fold behind a button
 * so the partners stay in view.
 */
export function ChoosePartnerDialog({ visible, onHide, onChoose, selected = null }: ChoosePartnerProps) {
  const { t } = useTranslation();
  const state = usePartnerChoice(visible, selected, FILTER_FIELDS, COLUMNS);

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('choose_partner.title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.table)}
      className="choose-dialog choose-partner"
      footer={
        <div className="choose-partner__footer">
          <PartnerChoiceCount choice={state.choice} />
          <PickerFooterButtons
            onHide={onHide}
            confirmDisabled={!state.choice}
            onConfirm={() => state.choice && onChoose(state.choice)}
          />
        </div>
      }
    >
      <div className="choose-dialog__views">{state.views.menu}</div>
      {state.views.notice}
      <PagedTable<ActivePartner>
        columns={COLUMNS}
        table={state.table}
        query={state}
        paginator="short"
        filtersLabel="choose_partner.filters"
        stackedFiltersClassName="choose-partner__filters"
        selection={{
          rows: state.selection as ActivePartner[],
          onChange: (rows) => state.onSelectionChange(rows),
          selectAll: false,
        }}
        actions={(p) => (
          <Button
            type="button"
            icon="pi pi-check-circle"
            rounded
            text
            aria-label={t('choose_partner.choose_row', { name: p.name })}
            title={t('choose_partner.choose_row', { name: p.name })}
            onClick={() => onChoose({ id: p.id, name: p.name })}
          />
        )}
        className="choose-dialog__table choose-partner__table"
      />
    </Dialog>
  );
}
