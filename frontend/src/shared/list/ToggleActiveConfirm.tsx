import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

interface ToggleActiveConfirmProps<T extends { is_active?: boolean }> {
  /** The row being confirmed; it stays set while the dialog animates out, so the title does not flip. */
  row: T | null;
  visible: boolean;
  /** The row's name in the message. */
  rowLabel: (row: T) => string;
  onAccept: () => void;
  onHide: () => void;
}

/** The confirmation before a row is deactivated or reactivated. */
export function ToggleActiveConfirm<T extends { is_active?: boolean }>({
  row,
  visible,
  rowLabel,
  onAccept,
  onHide,
}: ToggleActiveConfirmProps<T>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={t(row?.is_active ? 'activate.deactivate_title' : 'activate.reactivate_title')}
      message={
        row
          ? t(row.is_active ? 'activate.deactivate_message' : 'activate.reactivate_message', { name: rowLabel(row) })
          : ''
      }
      icon={row?.is_active ? 'pi pi-exclamation-triangle' : 'pi pi-replay'}
      acceptLabel={t('dialog.confirm')}
      rejectLabel={t('dialog.cancel')}
      acceptClassName={row?.is_active ? 'p-button-danger' : undefined}
      accept={onAccept}
      reject={onHide}
      draggable={false}
      style={dialogStyle(DIALOG_WIDTH.notice)}
    />
  );
}
