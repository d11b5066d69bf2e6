import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChooseCategoriesDialog } from '../pickers/ChooseCategoriesDialog';
import type { CategoryRef } from '../pickers/api';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import type { BulkActionName, BulkExtra } from './types';

interface BulkConfirmDialogProps {
  visible: boolean;
  action: BulkActionName;
  /** What the action applies to, translated ("25 partners", "all 1.234 partners that match the filter"). */
  what: string;
  /** Runs the action; rejects to keep the dialog open (the error dialog says why). */
  onConfirm: (extra: BulkExtra) => Promise<void>;
  onHide: () => void;
}

const needsCategory = (action: BulkActionName) => action === 'add_category' || action === 'remove_category';

/**
 * The question before a bulk action: what it does and to how many records; adding or removing a
 * category first chooses it with the choose-categories dialog (one category).
 */
export function BulkConfirmDialog({ visible, action, what, onConfirm, onHide }: BulkConfirmDialogProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<CategoryRef | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  // Each opening starts with no category chosen.
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setCategory(null);
      setMissing(false);
    }
  }

  const confirm = async () => {
    if (needsCategory(action) && !category) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(category ? { category_id: category.id } : {});
    } catch {
      // The error dialog says why; the question stays.
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <div className="form-dialog__footer">
      <Button type="button" label={t('dialog.cancel')} icon="pi pi-times" severity="secondary" text onClick={onHide} disabled={busy} />
      <Button
        type="button"
        label={t('bulk.apply')}
        icon="pi pi-check"
        severity={action === 'deactivate' ? 'danger' : undefined}
        loading={busy}
        onClick={() => {
          void confirm();
        }}
        autoFocus={!needsCategory(action)}
        data-testid="bulk-apply"
      />
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        if (!busy) onHide();
      }}
      header={t(`bulk.actions.${action}`)}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.notice)}
      className="bulk-dialog"
      footer={footer}
    >
      <p className="bulk-dialog__message">{t('bulk.confirm_message', { what })}</p>
      {needsCategory(action) && (
        <div className="bulk-dialog__category">
          <span className="bulk-dialog__label" id="bulk-category-label">
            {t('bulk.category')} *
          </span>
          <span className={category ? 'bulk-dialog__chosen' : 'bulk-dialog__none'} aria-live="polite">
            {category ? category.name : t('bulk.no_category')}
          </span>
          <Button
            type="button"
            icon="pi pi-tags"
            label={t(category ? 'bulk.change_category' : 'bulk.choose_category')}
            outlined
            size="small"
            aria-describedby={missing ? 'bulk-category-error' : 'bulk-category-label'}
            aria-invalid={missing}
            autoFocus
            onClick={() => setChoosing(true)}
          />
          {missing && (
            <small id="bulk-category-error" className="p-error" role="alert">
              {t('bulk.category_required')}
            </small>
          )}
        </div>
      )}
      {needsCategory(action) && (
        <ChooseCategoriesDialog
          visible={choosing}
          single
          selected={category ? [category] : []}
          onConfirm={(chosen) => {
            setCategory(chosen[0] ?? null);
            if (chosen[0]) setMissing(false);
            setChoosing(false);
          }}
          onHide={() => setChoosing(false)}
        />
      )}
    </Dialog>
  );
}
