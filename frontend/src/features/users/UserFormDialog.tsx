import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { MultiSelectField } from '../../shared/form/MultiSelectField';
import { PasswordField } from '../../shared/form/PasswordField';
import { SwitchField } from '../../shared/form/SwitchField';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import { useGetLoggedUserQuery } from '../../shared/api/me';
import { useCreateUserMutation, useGetRolesQuery, useUpdateUserMutation } from './api';
import { grantableRoles } from './roles';
import { SuperiorPartnerField } from './SuperiorPartnerField';
import { initialUserValues, toUserPayload, userSchema, type UserFormValues } from './schema';
import type { User } from './types';

export function UserFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<User>) {
  const { t } = useTranslation();
  const { data: roles = [] } = useGetRolesQuery(undefined, { skip: !visible });
  // The form offers only the roles the signed-in user may grant.
  const { data: me } = useGetLoggedUserQuery(undefined, { skip: !visible });
  const myRoles = me?.roles ?? [];
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const mode = state.mode;
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `users/${r.id}`, initialUserValues);

  const onSubmit = async (values: UserFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toUserPayload(values, mode);
    if (row) {
      await updateUser({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await createUser(body).unwrap());
    }
  };

  const roleOptions = grantableRoles(roles, myRoles, row?.roles).map((role) => ({
    value: role,
    label: t(`roles.${role}`, { defaultValue: role }),
  }));

  return (
    <FormDialog<UserFormValues>
      visible={visible}
      title={t(mode === 'add' ? 'users.add_title' : 'users.edit_title')}
      initialValues={initialUserValues(row)}
      validationSchema={userSchema(mode)}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'users', id: row.id } : undefined}
      conflictFields={{ name: t('users.name'), username: t('users.username'), roles: t('users.roles'), hasPartner: t('users.superior_partner'), partner: t('users.partner') }}
    >
      {({ values }) => (
        <>
          <TextField name="name" label={t('users.name')} required autoFocus autoComplete="off" />
          <TextField name="username" label={t('users.username')} required autoComplete="off" />
          <div className="form-row">
            <PasswordField
              name="password"
              label={t('users.password')}
              required={mode === 'add'}
              hint={mode === 'edit' ? t('users.password_edit_hint') : undefined}
            />
            <PasswordField name="confirmPassword" label={t('users.confirm_password')} required={mode === 'add'} />
          </div>
          <MultiSelectField<string>
            name="roles"
            label={t('users.roles')}
            options={roleOptions}
            placeholder={t('users.roles_placeholder')}
          />
          <div className={`form-row form-row--partner${values.hasPartner ? ' form-row--partner-open' : ''}`}>
            <SwitchField name="hasPartner" label={t('users.superior_partner')} />
            {values.hasPartner && <SuperiorPartnerField name="partner" label={t('users.partner')} />}
          </div>
        </>
      )}
    </FormDialog>
  );
}
