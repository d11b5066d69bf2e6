import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../features/auth/api';
import { EnrolmentSteps } from '../features/profile/EnrolmentSteps';
import { useGetLoggedUserQuery } from '../shared/api/me';
import { loggedOut, mfaEnrolled, selectSession } from '../shared/auth/authSlice';
import { clearAuth, saveEnrolled } from '../shared/auth/storage';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';
import { EnrolmentOnly } from './enrolmentGuards';

/**
 * The one screen of an account whose role requires two-factor sign-in and has none (issue 23):
 * set it up, or sign out. Once the recovery codes are read, the panel opens (the guard sees the
 * profile answer say two-factor is on).
 */
export default function EnrolmentPage() {
  return (
    <EnrolmentOnly>
      <Enrolment />
    </EnrolmentOnly>
  );
}

function Enrolment() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const { refetch } = useGetLoggedUserQuery();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();

  const onFinished = async () => {
    saveEnrolled();
    dispatch(mfaEnrolled());
    // The guard lets the account in once the profile answer says two-factor is on.
    await refetch();
  };

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearAuth();
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };

  return (
    <main className="login">
      <div className="login__language">
        <LanguageSwitch />
      </div>
      <div className="login__card login__card--wide">
        <div className="login__brand">
          <span className="brand-mark" aria-hidden>
            V
          </span>
          <div>
            <div className="login__product">{t('app.title')}</div>
            <div className="login__tagline">{t('app.subtitle')}</div>
          </div>
        </div>
        <h1 className="login__title">{t('security.mfa.enrol_title')}</h1>
        <p className="login__subtitle">{t('security.mfa.enrol_required')}</p>
        <EnrolmentSteps onFinished={() => void onFinished()} username={session?.username} />
        <div className="enrolment__leave">
          <Button
            type="button"
            label={t('app.logout')}
            icon="pi pi-sign-out"
            text
            severity="secondary"
            loading={loggingOut}
            onClick={() => void onLogout()}
          />
        </div>
      </div>
    </main>
  );
}
