import { Form, Formik, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useCanWrite } from '../../shared/auth/permissions';
import { errorBody, errorStatus } from '../../shared/errors/apiError';
import { toErrorKey } from '../../shared/errors/errorKey';
import { MultiSelectField } from '../../shared/form/MultiSelectField';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { useGetRolesQuery, useGetSecuritySettingsQuery, useSaveSecuritySettingsMutation } from './api';
import type { SecuritySettings } from './types';
import './users.css';

const schema = yup.object({ mfa_required_roles: yup.array(yup.string().required()).required() });

/** Sign-in security (issue 23): the roles whose users must set up two-factor sign-in. */
export default function SecuritySettingsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const canWrite = useCanWrite('security');
  const roles = useGetRolesQuery();
  const settings = useGetSecuritySettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save] = useSaveSecuritySettingsMutation();

  const onSubmit = async (values: SecuritySettings, helpers: FormikHelpers<SecuritySettings>) => {
    try {
      const answer = await save({ mfa_required_roles: values.mfa_required_roles, version: settings.data?.version }).unwrap();
      helpers.resetForm({ values: { mfa_required_roles: answer.mfa_required_roles } });
      snackbar.success(t('edit_success'));
    } catch (error) {
      const status = errorStatus(error);
      if (status === 422) {
        const message = errorBody(error).errors?.mfa_required_roles?.[0];
        helpers.setFieldError('mfa_required_roles', message ? toErrorKey(message) : 'security.settings.unknown_role');
      } else if (status === 409) {
        // Another admin changed the policy meanwhile: it is shown as saved now, to choose again.
        snackbar.error(t('security.settings.stale'));
        await settings.refetch();
      }
    }
  };

  const options = (roles.data ?? []).map((role) => ({ value: role, label: t(`roles.${role}`, { defaultValue: role }) }));

  return (
    <section className="security-settings" aria-labelledby="security-title">
      <h1 id="security-title" className="page-title">
        {t('security.settings.title')}
      </h1>
      <div className="profile__card security-settings__card">
        <h2 className="profile__section-title">{t('security.settings.mfa_roles_title')}</h2>
        <p className="profile__section-text">{t('security.settings.mfa_roles_text')}</p>
        {settings.data && roles.data ? (
          <Formik<SecuritySettings>
            initialValues={{ mfa_required_roles: settings.data.mfa_required_roles }}
            validationSchema={schema}
            enableReinitialize
            onSubmit={onSubmit}
          >
            {(formik) => (
              <Form noValidate className="form-grid">
                <MultiSelectField<string>
                  name="mfa_required_roles"
                  label={t('security.settings.mfa_roles')}
                  options={options}
                  placeholder={t('security.settings.no_roles')}
                  disabled={!canWrite}
                />
                {canWrite && (
                  <div className="profile__actions">
                    <Button
                      type="submit"
                      label={t('dialog.save')}
                      icon="pi pi-check"
                      loading={formik.isSubmitting}
                      disabled={!formik.dirty}
                    />
                  </div>
                )}
              </Form>
            )}
          </Formik>
        ) : (
          <Skeleton height="2.5rem" />
        )}
      </div>
    </section>
  );
}
