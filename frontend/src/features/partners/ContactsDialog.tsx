import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedColumn } from '../../shared/list/PagedTable';
import { EditButton, ToggleActiveButton } from '../../shared/list/RowActionButtons';
import { ToggleConfirm } from '../../shared/list/ToggleConfirm';
import type { FormMode } from '../../shared/list/types';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { usePartnerContactsQuery, useToggleContactMutation } from './api';
import { ContactFormDialog } from './ContactFormDialog';
import type { Contact, Ref } from './types';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';

interface ContactsDialogProps {
  partner: Ref;
  visible: boolean;
  onHide: () => void;
}

/** The contacts of one partner, opened from its edit dialog: a small table with add, edit and (de)activate. */
export function ContactsDialog({ partner, visible, onHide }: ContactsDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isFetching, isError } = usePartnerContactsQuery(partner.id, {
    skip: !visible,
    refetchOnMountOrArgChange: true,
  });
  const [toggle, toggleState] = useToggleContactMutation();
  const [form, setForm] = useState<{ state: FormMode<Contact>; visible: boolean; key: number }>({
    state: { mode: 'add' },
    visible: false,
    key: 0,
  });
  // The contact stays set while the confirmation animates out.
  const [confirm, setConfirm] = useState<{ row: Contact | null; visible: boolean }>({ row: null, visible: false });

  const openForm = (state: FormMode<Contact>) => setForm((f) => ({ state, visible: true, key: f.key + 1 }));

  const confirmToggle = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      await toggle(row.id).unwrap();
      snackbar.success(t('activate.success'));
    } catch {
      // The API layer shows the error dialog.
    }
  };

  const rows = data ?? [];

  const typeBody = (row: Contact) =>
    row.contact_type ? (
      <span className="contact-type">
        <i className={row.contact_type.icon || 'pi pi-info-circle'} aria-hidden />
        <span>{row.contact_type.name}</span>
      </span>
    ) : (
      '—'
    );

  const columns: PagedColumn<Contact>[] = [
    { field: 'contact', header: 'contacts.contact' },
    { field: 'contact_type_id', header: 'contacts.contact_type', body: typeBody, width: '11rem' },
  ];

  const actionsBody = (row: Contact) => (
    <>
      <EditButton onClick={() => openForm({ mode: 'edit', row })} />
      <ToggleActiveButton
        active={row.is_active}
        disabled={toggleState.isLoading}
        onClick={() => setConfirm({ row, visible: true })}
      />
    </>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('contacts.title', { name: partner.name })}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="contacts-dialog"
      footer={
        <div className="form-dialog__footer">
          <Button type="button" label={t('dialog.close')} icon="pi pi-times" severity="secondary" text onClick={onHide} />
        </div>
      }
    >
      <div className="contacts-dialog__toolbar">
        <Button type="button" icon="pi pi-plus" label={t('contacts.add')} size="small" onClick={() => openForm({ mode: 'add' })} />
      </div>
      <PagedTable<Contact>
        columns={columns}
        rows={rows}
        isFetching={isFetching}
        isError={isError}
        paginator="none"
        active
        actions={actionsBody}
        actionsWidth="7rem"
        emptyText="contacts.empty"
        className="contacts-dialog__table"
      />

      <ToggleConfirm
        row={confirm.row}
        visible={confirm.visible}
        kind={confirm.row?.is_active ? 'deactivate' : 'reactivate'}
        name={confirm.row?.contact ?? ''}
        onAccept={() => {
          void confirmToggle();
        }}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
      />

      <div key={form.key}>
        <ContactFormDialog
          partnerId={partner.id}
          state={form.state}
          visible={form.visible}
          onHide={() => setForm((f) => ({ ...f, visible: false }))}
        />
      </div>
    </Dialog>
  );
}
