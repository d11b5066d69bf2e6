import { useCanWrite } from '../../shared/auth/permissions';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn } from '../../shared/list/types';
import { useListUsersQuery, useToggleUserMutation } from './api';
import type { User } from './types';
import { UserFormDialog } from './UserFormDialog';

const columns: ListColumn<User>[] = [
  { field: 'name', header: 'users.name', filter: true, pinned: true },
  { field: 'username', header: 'users.username', filter: true },
  { field: 'partner_name', header: 'users.partner_name', filter: true, body: (u) => u.partner_name ?? '—' },
];

/** The users screen is a configuration of the generic list (spec §2 "Users list"). */
export default function UsersPage() {
  const canWrite = useCanWrite('users');
  return (
    <ListPage<User>
      title="users.title"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={useListUsersQuery}
      canWrite={canWrite}
      useToggle={useToggleUserMutation}
      rowLabel={(u) => u.name}
      renderForm={(props) => <UserFormDialog {...props} />}
    />
  );
}
