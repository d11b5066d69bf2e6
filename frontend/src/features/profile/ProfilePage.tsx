import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { usernameChanged } from '../../shared/auth/authSlice';
import { saveUsername } from '../../shared/auth/storage';
import { buildLabel } from '../../shared/config/build';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { PasswordField } from '../../shared/form/PasswordField';
import { TextField } from '../../shared/form/TextField';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { useGetLoggedUserQuery } from '../../shared/api/me';
import { useUpdateProfileMutation } from './api';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { detailsSchema, passwordSchema, type DetailsValues, type PasswordValues } from './schema';

const PASSWORD_SNACKBAR_LIFE = 5000;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const snackbar = useSnackbar();
  const { data: me, isLoading, refetch } = useGetLoggedUserQuery();
  const [update] = useUpdateProfileMutation();
  const [dialog, setDialog] = useState<{ which: 'details' | 'password' | null; key: number }>({
    which: null,
    key: 0,
  });

  const open = (which: 'details' | 'password') => setDialog((d) => ({ which, key: d.key + 1 }));
  const close = () => setDialog((d) => ({ ...d, which: null }));

  /** The account as saved now, after a save refused as stale (409, ADR 0011). */
  const reloadMe = async () => {
    const fresh = await refetch().unwrap();
    return { fresh, version: fresh.version };
  };

  const saveDetails = async (values: DetailsValues, _helpers: unknown, { version }: SubmitContext) => {
    if (!me) return;
    const answer = await update({
      version: version ?? me.version,
      body: { name: values.name.trim(), username: values.username.trim() },
    }).unwrap();
    saveUsername(answer.username);
    dispatch(usernameChanged(answer.username));
    snackbar.success(t('profile.saved'));
    close();
  };

  const savePassword = async (values: PasswordValues, _helpers: unknown, { version }: SubmitContext) => {
    if (!me) return;
    await update({
      version: version ?? me.version,
      body: {
        name: me.name,
        username: me.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        current_password: values.current_password,
      },
    }).unwrap();
    snackbar.success(t('profile.password_changed'), PASSWORD_SNACKBAR_LIFE);
    close();
  };

  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title" className="page-title">
        {t('profile.title')}
      </h1>
      <div className="profile__card">
        <div className="profile__header">
          <div className="profile__avatar" aria-hidden>
            {me ? initials(me.name) : ''}
          </div>
          <div className="profile__identity">
            {isLoading || !me ? (
              <>
                <Skeleton width="12rem" height="1.5rem" />
                <Skeleton width="8rem" className="mt-2" />
              </>
            ) : (
              <>
                <div className="profile__name">{me.name}</div>
                <div className="profile__username">@{me.username}</div>
              </>
            )}
          </div>
        </div>

        <dl className="profile__details">
          <div>
            <dt>{t('profile.name')}</dt>
            <dd data-testid="profile-name">{me?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.username')}</dt>
            <dd data-testid="profile-username">{me?.username ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.roles')}</dt>
            <dd className="profile__roles">
              {me && me.roles.length > 0
                ? me.roles.map((role) => (
                    <Tag key={role} value={t(`roles.${role}`, { defaultValue: role })} severity="info" rounded />
                  ))
                : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('profile.build')}</dt>
            <dd data-testid="build-label" className="profile__build">
              {buildLabel()}
            </dd>
          </div>
        </dl>

        <div className="profile__actions">
          <Button
            type="button"
            label={t('profile.edit')}
            icon="pi pi-user-edit"
            outlined
            disabled={!me}
            onClick={() => open('details')}
          />
          <Button
            type="button"
            label={t('profile.change_password')}
            icon="pi pi-key"
            disabled={!me}
            onClick={() => open('password')}
          />
        </div>
      </div>

      <TwoFactorCard />
      <SessionsCard />

      <div key={dialog.key}>
        {me && (
          <FormDialog<DetailsValues>
            visible={dialog.which === 'details'}
            title={t('profile.edit_title')}
            initialValues={{ name: me.name, username: me.username }}
            validationSchema={detailsSchema}
            onSubmit={saveDetails}
            onHide={close}
            version={me.version}
            reload={async () => {
              const { fresh, version } = await reloadMe();
              return { values: { name: fresh.name, username: fresh.username }, version };
            }}
            conflictFields={{ name: t('profile.name'), username: t('profile.username') }}
          >
            <TextField name="name" label={t('profile.name')} required autoFocus autoComplete="name" />
            <TextField name="username" label={t('profile.username')} required autoComplete="username" />
          </FormDialog>
        )}
        <FormDialog<PasswordValues>
          visible={dialog.which === 'password'}
          title={t('profile.change_password_title')}
          initialValues={{ current_password: '', password: '', confirmPassword: '' }}
          validationSchema={passwordSchema}
          onSubmit={savePassword}
          onHide={close}
          version={me?.version}
          // The name and username this change sends are the saved ones again; what was typed stays.
          reload={async () => {
            const { version } = await reloadMe();
            return { values: { current_password: '', password: '', confirmPassword: '' }, version };
          }}
        >
          <PasswordField
            name="current_password"
            label={t('profile.current_password')}
            required
            autoFocus
            autoComplete="current-password"
          />
          <PasswordField name="password" label={t('profile.new_password')} required />
          <PasswordField name="confirmPassword" label={t('profile.confirm_password')} required />
        </FormDialog>
      </div>
    </section>
  );
}
