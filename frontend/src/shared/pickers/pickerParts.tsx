import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH } from '../api/list';
import { TableEmpty } from '../list/TableEmpty';
import type { TableState } from '../list/useTableState';
import type { PartnerRef } from './api';

/** A choose dialog's empty table: a spinner while loading, the load error with a retry, or "no data". */
export function PickerEmpty(props: { loading: boolean; error: boolean; onRetry: () => void }) {
  return <TableEmpty {...props} />;
}

interface PickerSearchProps {
  table: Pick<TableState, 'draft' | 'setDraftField'>;
  /** The searched column's name; the field is named "<label> — Pretraga". */
  label: string;
  /** Enter runs the search (the server filters by "contains"). */
  onSearch: () => void;
  className?: string;
}

/** A choose dialog's (or a composition step's) name search. */
export function PickerSearch({ table, label, onSearch, className = 'choose-dialog__search' }: PickerSearchProps) {
  const { t } = useTranslation();
  return (
    <IconField iconPosition="left" className={className}>
      <InputIcon className="pi pi-search" />
      <InputText
        value={table.draft.name ?? ''}
        onChange={(e) => table.setDraftField('name', e.target.value)}
        maxLength={MAX_FILTER_LENGTH}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch();
          }
        }}
        placeholder={t('table.filter_placeholder')}
        aria-label={`${label} — ${t('table.filter_placeholder')}`}
      />
    </IconField>
  );
}

interface PickerFooterButtonsProps {
  onHide: () => void;
  onConfirm: () => void;
  /** Confirm stays disabled while nothing is chosen. */
  confirmDisabled?: boolean;
}

/** A choose dialog's Close and Confirm buttons. */
export function PickerFooterButtons({ onHide, onConfirm, confirmDisabled }: PickerFooterButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-dialog__footer">
      <Button type="button" label={t('dialog.close')} icon="pi pi-times" severity="secondary" text onClick={onHide} />
      <Button type="button" label={t('dialog.confirm')} icon="pi pi-check" disabled={confirmDisabled} onClick={onConfirm} />
    </div>
  );
}

/** The partner chosen so far, or that none is, announced politely. */
export function PartnerChoiceCount({ choice }: { choice: PartnerRef | null }) {
  const { t } = useTranslation();
  return (
    <span className="choose-dialog__count" aria-live="polite">
      {choice ? t('choose_partner.selected', { name: choice.name }) : t('choose_partner.none_selected')}
    </span>
  );
}
