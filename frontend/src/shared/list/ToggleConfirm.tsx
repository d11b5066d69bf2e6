import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

/** What a confirmation asks: deactivate/reactivate (spec §4) or hide/show in the partner app. */
export type ToggleKind = 'deactivate' | 'reactivate' | 'hide' | 'show';

const ICON: Record<ToggleKind, string> = {
  deactivate: 'pi pi-exclamation-triangle',
  reactivate: 'pi pi-replay',
  hide: 'pi pi-eye-slash',
  show: 'pi pi-eye',
};

interface ToggleConfirmProps {
  /** The row being confirmed; it stays set while the dialog animates out, so the title does not flip. */
  row: unknown;
  visible: boolean;
  kind: ToggleKind;
  /**
   * Where hide/show's texts are (`<prefix>.hide_title`, `<prefix>.hide_message`, …), e.g.
   * 'sliders'; deactivate/reactivate use the shared `activate.*` texts.
   */
  keyPrefix?: string;
  /** The row's name in the message. */
  name: string;
  onAccept: () => void;
  onHide: () => void;
}

/**
 * The one confirmation before a row's state flips: deactivate or reactivate it, hide or show it.
 * Every list (the generic list, contacts, sliders, campaigns) asks with this dialog.
 */
export function ToggleConfirm({ row, visible, kind, keyPrefix, name, onAccept, onHide }: ToggleConfirmProps) {
  const { t } = useTranslation();
  const key = (part: 'title' | 'message') =>
    kind === 'deactivate' || kind === 'reactivate' ? `activate.${kind}_${part}` : `${keyPrefix}.${kind}_${part}`;
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={t(key('title'))}
      message={row ? t(key('message'), { name }) : ''}
      icon={ICON[kind]}
      acceptLabel={t('dialog.confirm')}
      rejectLabel={t('dialog.cancel')}
      acceptClassName={kind === 'deactivate' ? 'p-button-danger' : undefined}
      accept={onAccept}
      reject={onHide}
      draggable={false}
      style={dialogStyle(DIALOG_WIDTH.notice)}
    />
  );
}
