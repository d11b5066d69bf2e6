import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionsTable } from '../../shared/sessions/SessionsTable';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { useEndUserSessionsMutation, useListUserSessionsQuery } from './api';
import type { User } from './types';

/** An admin's view of a user's sessions, with the one way to end them all (issue 23). */
export function UserSessionsDialog({ user, onHide }: { user: User | null; onHide: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const query = useListUserSessionsQuery(user?.id ?? 0, { skip: !user, refetchOnMountOrArgChange: true });
  const [endAll, { isLoading }] = useEndUserSessionsMutation();
  const [confirm, setConfirm] = useState(false);
  const count = query.data?.length ?? 0;

  const onEndAll = async () => {
    setConfirm(false);
    if (!user) return;
    try {
      await endAll(user.id).unwrap();
      snackbar.success(t('users.sessions_ended', { name: user.name }));
    } catch {
      // The API layer said why.
    }
  };

  return (
    <Dialog
      visible={user !== null}
      onHide={onHide}
      header={user ? t('users.sessions_title', { name: user.name }) : ''}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="user-sessions-dialog"
      footer={
        <div className="form-dialog__footer">
          <Button type="button" label={t('dialog.close')} text severity="secondary" onClick={onHide} />
          <Button
            type="button"
            label={t('users.end_all_sessions')}
            icon="pi pi-sign-out"
            severity="danger"
            disabled={count === 0}
            loading={isLoading}
            onClick={() => setConfirm(true)}
          />
        </div>
      }
    >
      <SessionsTable
        sessions={query.data}
        isFetching={query.isFetching}
        isError={query.isError}
        refetch={query.refetch}
        label="users.sessions"
      />
      <ConfirmDialog
        visible={confirm}
        onHide={() => setConfirm(false)}
        header={t('users.end_all_sessions')}
        message={user ? t('users.end_all_sessions_confirm', { name: user.name }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        acceptClassName="p-button-danger"
        accept={() => void onEndAll()}
        reject={() => setConfirm(false)}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </Dialog>
  );
}
