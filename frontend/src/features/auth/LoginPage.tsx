import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Form, Formik } from 'formik';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { baseApi } from '../../shared/api/baseApi';
import { loggedIn } from '../../shared/auth/authSlice';
import { returnPath } from '../../shared/auth/returnTo';
import { saveAuth, saveEvidentions, type LoginAnswer } from '../../shared/auth/storage';
import { PasswordField } from '../../shared/form/PasswordField';
import { TextField } from '../../shared/form/TextField';
import { notificationsApi } from '../../shared/notifications/api';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { PageLoader } from '../../shared/ui/PageLoader';
import { isMfaChallenge, useLoginMutation } from './api';
import {
  CHALLENGE_EXPIRED_FAILURE,
  loginFailureText,
  PARTNER_APP_FAILURE,
  toLoginFailure,
  type LoginFailure,
} from './loginError';
import { loginSchema, type LoginValues } from './schema';

// Only an account with two-factor on meets the second step: its code and strings load then.
const CodeStep = lazy(() => import('./CodeStep'));

/** The second step of a sign-in with two-factor on: the challenge the password opened. */
interface CodeStep {
  challenge: string;
  username: string;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // What was typed in the first step stays when the user comes back to it.
  const [credentials, setCredentials] = useState<LoginValues>({ username: '', password: '' });
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);

  /** A token is in: the session starts, unless the account belongs to the partner app. */
  const signedIn = async (answer: LoginAnswer, username: string) => {
    // Partner-linked accounts may not use the back office (spec §6): say that the account
    // belongs to the partner app, and end the session the sign-in opened.
    if (answer.partner_id !== null && answer.partner_id !== undefined) {
      setFailure(PARTNER_APP_FAILURE);
      setCodeStep(null);
      void fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${answer.token}` } }).catch(() => undefined);
      return;
    }

    const session = saveAuth(answer, username);
    dispatch(baseApi.util.resetApiState());
    dispatch(loggedIn(session));
    if (answer.mfa_enrollment_required) {
      // Held at two-factor enrolment: every other call answers 403 until it is done.
      saveEvidentions(null);
    } else {
      // The notification info, loaded once into the app bar's count, which then does not ask again
      // (the answer is also stored, spec §4).
      try {
        await dispatch(notificationsApi.endpoints.getEvidentions.initiate(undefined, { subscribe: false })).unwrap();
      } catch {
        saveEvidentions(null);
      }
    }
    // Back to the page asked for before the redirect here (a deep link), else home; an account
    // held at enrolment is sent on to it by the route guard.
    navigate(returnPath(location.state), { replace: true });
  };

  const onPassword = async (values: LoginValues) => {
    setFailure(null);
    setCredentials(values);
    let answer;
    try {
      answer = await login(values).unwrap();
    } catch (error) {
      setFailure(toLoginFailure(error));
      return;
    }
    if (isMfaChallenge(answer)) {
      setCodeStep({ challenge: answer.challenge, username: values.username });
      return;
    }
    await signedIn(answer, values.username);
  };

  const back = () => {
    setFailure(null);
    setCodeStep(null);
  };

  return (
    <main className="login">
      <div className="login__language">
        <LanguageSwitch />
      </div>
      <div className="login__card">
        <div className="login__brand">
          <span className="brand-mark" aria-hidden>
            V
          </span>
          <div>
            <div className="login__product">{t('app.title')}</div>
            <div className="login__tagline">{t('app.subtitle')}</div>
          </div>
        </div>
        {!codeStep && (
          <>
            <h1 className="login__title">{t('login.title')}</h1>
            <p className="login__subtitle">{t('login.subtitle')}</p>
          </>
        )}

        {failure && <Message severity="error" text={loginFailureText(failure, i18n)} className="login__alert" />}

        {codeStep ? (
          <Suspense fallback={<PageLoader />}>
            <CodeStep
              challenge={codeStep.challenge}
              onSignedIn={(answer) => signedIn(answer, codeStep.username)}
              onFailure={setFailure}
              onExpired={() => {
                // The challenge ran out (or is unknown): the password again, with what was typed.
                setCodeStep(null);
                setFailure(CHALLENGE_EXPIRED_FAILURE);
              }}
              onBack={back}
            />
          </Suspense>
        ) : (
          <Formik<LoginValues> initialValues={credentials} validationSchema={loginSchema} onSubmit={onPassword}>
            {(formik) => (
              <Form
                noValidate
                className="form-grid"
                onSubmit={(e) => {
                  e.preventDefault();
                  void formik.validateForm().then((errors) => {
                    if (Object.keys(errors).length > 0) snackbar.error(t('snackbar_required'));
                    return formik.submitForm();
                  });
                }}
              >
                <TextField name="username" label={t('login.username')} required autoFocus autoComplete="username" />
                <PasswordField name="password" label={t('login.password')} required autoComplete="current-password" />
                <Button
                  type="submit"
                  label={t('login.submit')}
                  icon="pi pi-sign-in"
                  loading={formik.isSubmitting}
                  className="login__submit"
                />
              </Form>
            )}
          </Formik>
        )}
      </div>
    </main>
  );
}
