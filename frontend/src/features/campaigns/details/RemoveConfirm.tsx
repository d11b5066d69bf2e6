import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';

interface RemoveConfirmProps {
  visible: boolean;
  /** Catalogue key of the title. */
  title: string;
  /** The translated question. */
  message: string;
  onAccept: () => void;
  onHide: () => void;
}

/** The confirmation before a link is taken out of a campaign (a product, a category, a partner). */
export function RemoveConfirm({ visible, title, message, onAccept, onHide }: RemoveConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={t(title)}
      message={message}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('dialog.confirm')}
      rejectLabel={t('dialog.cancel')}
      acceptClassName="p-button-danger"
      accept={onAccept}
      reject={onHide}
      draggable={false}
      style={dialogStyle(DIALOG_WIDTH.notice)}
    />
  );
}
