import { BULK_LISTS } from '../../shared/bulk/lists';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite, usePermissions } from '../../shared/auth/permissions';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { useListUsersQuery, useResetUserMfaMutation, useToggleUserMutation } from './api';
import type { User } from './types';
import { UserFormDialog } from './UserFormDialog';
import { UserSessionsDialog } from './UserSessionsDialog';

// The security settings screen loads with the users screen's code (issue 23): they share the
// users' calls and the roles' multi-select, and one chunk keeps the sign-in page's shared
// chunks as they were.
export { default as SecuritySettingsPage } from './SecuritySettingsPage';

/** The two-factor column: a tag where it is on, a dash where not (issue 23). */
function MfaCell({ user }: { user: User }) {
  const { t } = useTranslation();
  return user.mfa_enabled ? (
    <Tag value={t('users.mfa_on')} severity="success" icon="pi pi-shield" rounded />
  ) : (
    <span className="users__mfa-off">{t('users.mfa_off')}</span>
  );
}

const baseColumns: ListColumn<User>[] = [
  { field: 'name', header: 'users.name', filter: true, pinned: true },
  { field: 'username', header: 'users.username', filter: true },
  { field: 'partner_name', header: 'users.partner_name', filter: true, body: (u) => u.partner_name ?? '—' },
  { field: 'mfa_enabled', header: 'users.mfa', sortable: false, width: '7rem', body: (u) => <MfaCell user={u} /> },
];

/** The users screen is a configuration of the generic list (spec §2 "Users list"). */
export default function UsersPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const canWrite = useCanWrite('users');
  // Other users' sessions and two-factor are sign-in security: admins only (issue 23).
  const canSecure = usePermissions().can('security', 'write');
  const [sessionsOf, setSessionsOf] = useState<User | null>(null);
  const [resetting, setResetting] = useState<{ user: User | null; visible: boolean }>({ user: null, visible: false });
  const [resetMfa] = useResetUserMfaMutation();

  const rowActions = useMemo<RowAction<User>[]>(
    () =>
      canSecure
        ? [
            { key: 'sessions', icon: 'pi pi-desktop', label: 'users.sessions', onClick: setSessionsOf },
            {
              key: 'reset-mfa',
              icon: 'pi pi-shield',
              label: 'users.reset_mfa',
              onClick: (user) => setResetting({ user, visible: true }),
              visible: (user) => user.mfa_enabled === true,
            },
          ]
        : [],
    [canSecure],
  );

  const onReset = async () => {
    const user = resetting.user;
    setResetting((r) => ({ ...r, visible: false }));
    if (!user) return;
    try {
      await resetMfa(user.id).unwrap();
      snackbar.success(t('users.mfa_reset_done', { name: user.name }));
    } catch {
      // The API layer said why.
    }
  };

  return (
    <>
      <ListPage<User>
        title="users.title"
        viewList="users"
        columns={baseColumns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={useListUsersQuery}
        canWrite={canWrite}
        bulk={BULK_LISTS.users}
        useToggle={useToggleUserMutation}
        rowActions={rowActions}
        rowLabel={(u) => u.name}
        renderForm={(props) => <UserFormDialog {...props} />}
      />
      <UserSessionsDialog user={sessionsOf} onHide={() => setSessionsOf(null)} />
      <ConfirmDialog
        visible={resetting.visible}
        onHide={() => setResetting((r) => ({ ...r, visible: false }))}
        header={t('users.reset_mfa')}
        message={resetting.user ? t('users.reset_mfa_confirm', { name: resetting.user.name }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        acceptClassName="p-button-danger"
        accept={() => void onReset()}
        reject={() => setResetting((r) => ({ ...r, visible: false }))}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </>
  );
}
