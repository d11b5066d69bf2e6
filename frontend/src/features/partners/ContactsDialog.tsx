import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../../shared/list/ActiveChip';
import { EditButton, ToggleActiveButton } from '../../shared/list/RowActionButtons';
import { ToggleActiveConfirm } from '../../shared/list/ToggleActiveConfirm';
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
  const empty = isFetching ? (
    <span className="list-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden />
      <span>{t('table.loading')}</span>
    </span>
  ) : (
    <Message
      severity={isError ? 'error' : 'info'}
      text={t(isError ? 'table.load_error' : 'contacts.empty')}
      className="list-empty"
    />
  );

  const typeBody = (row: Contact) =>
    row.contact_type ? (
      <span className="contact-type">
        <i className={row.contact_type.icon || 'pi pi-info-circle'} aria-hidden />
        <span>{row.contact_type.name}</span>
      </span>
    ) : (
      '—'
    );

  const activeBody = (row: Contact) => <ActiveChip active={row.is_active} />;

  const actionsBody = (row: Contact) => (
    <div className="list-actions">
      <EditButton onClick={() => openForm({ mode: 'edit', row })} />
      <ToggleActiveButton
        active={row.is_active}
        disabled={toggleState.isLoading}
        onClick={() => setConfirm({ row, visible: true })}
      />
    </div>
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
      <DataTable
        value={rows}
        dataKey="id"
        loading={isFetching && rows.length > 0}
        emptyMessage={empty}
        responsiveLayout="stack"
        breakpoint="500px"
        stripedRows
        size="small"
        className="list-table contacts-dialog__table"
      >
        <Column field="contact" header={t('contacts.contact')} />
        <Column field="contact_type_id" header={t('contacts.contact_type')} body={typeBody} style={{ width: '11rem' }} />
        <Column field="is_active" header={t('table.active')} body={activeBody} style={{ width: '8rem' }} />
        <Column
          columnKey="actions"
          header={t('table.actions')}
          body={actionsBody}
          style={{ width: '7rem' }}
          bodyClassName="list-actions-cell"
        />
      </DataTable>

      <ToggleActiveConfirm
        row={confirm.row}
        visible={confirm.visible}
        rowLabel={(row) => row.contact}
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
