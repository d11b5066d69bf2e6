import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { TableEmpty } from '../list/TableEmpty';
import type { PartnerRef } from './api';

/** A choose dialog's empty table: a spinner while loading, the load error with a retry, or "no data". */
export function PickerEmpty(props: { loading: boolean; error: boolean; onRetry: () => void }) {
  return <TableEmpty {...props} />;
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
