import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { PartnerRef } from './api';

/** A choose dialog's empty table: a spinner while loading, else the load error or "no data". */
export function PickerEmpty({ loading, error }: { loading: boolean; error: boolean }) {
  const { t } = useTranslation();
  return loading ? (
    <span className="choose-dialog__loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden /> {t('table.loading')}
    </span>
  ) : (
    <Message severity={error ? 'error' : 'info'} text={t(error ? 'table.load_error' : 'table.no_data')} className="list-empty" />
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
