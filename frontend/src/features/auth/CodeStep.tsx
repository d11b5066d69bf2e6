import { Form, Formik, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeSchema, normaliseCode, type CodeValues } from '../../shared/auth/mfaCode';
import { TextField } from '../../shared/form/TextField';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { PageLoader } from '../../shared/ui/PageLoader';
import type { LoginAnswer } from '../../shared/auth/storage';
import { errorStatus } from '../../shared/errors/apiError';
import { useLoginMfaMutation } from './api';
import { toLoginFailure, type LoginFailure } from './loginError';

interface CodeStepProps {
  /** The challenge the password step answered. */
  challenge: string;
  /** The code was right: the session's answer. */
  onSignedIn: (answer: LoginAnswer) => Promise<void>;
  /** What the sign-in page's alert says now (null: nothing). */
  onFailure: (failure: LoginFailure | null) => void;
  /** The challenge expired (401): the password again. */
  onExpired: () => void;
  onBack: () => void;
}

/**
 * The second step of a sign-in with two-factor on (issue 23): the app's six-digit code, or a
 * recovery code. Loaded, with its strings, only when a password answers with a challenge, so the
 * sign-in page of everyone else stays as small as it was.
 */
export default function CodeStep({ challenge, onSignedIn, onFailure, onExpired, onBack }: CodeStepProps) {
  const { t, ready } = useTranslation(['translation', 'security']);
  const snackbar = useSnackbar();
  const [loginMfa] = useLoginMfaMutation();
  const [recovery, setRecovery] = useState(false);
  // The code the server refused: its error stays beside the field until the code is changed.
  const [refused, setRefused] = useState<string | null>(null);
  if (!ready) return <PageLoader />;

  const wrongKey = recovery ? 'security.login.wrong_recovery_code' : 'security.mfa.wrong_code';
  const submit = async (values: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    onFailure(null);
    let answer;
    try {
      answer = await loginMfa({ challenge, code: normaliseCode(values.code, recovery) }).unwrap();
    } catch (error) {
      const status = errorStatus(error);
      if (status === 422) {
        setRefused(values.code);
        helpers.setFieldError('code', wrongKey);
      } else if (status === 401) onExpired();
      else onFailure(toLoginFailure(error));
      return;
    }
    await onSignedIn(answer);
  };

  return (
    <>
      <h1 className="login__title">{t('security.login.title')}</h1>
      <p className="login__subtitle">{recovery ? t('security.login.recovery_subtitle') : t('security.login.subtitle')}</p>
      <Formik<CodeValues>
        key={recovery ? 'recovery' : 'code'}
        initialValues={{ code: '' }}
        validationSchema={codeSchema(recovery)}
        validate={(values) => (refused !== null && values.code === refused ? { code: wrongKey } : {})}
        onSubmit={submit}
      >
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
            <TextField
              name="code"
              label={recovery ? t('security.login.recovery_code') : t('security.login.code')}
              hint={recovery ? t('security.login.recovery_code_hint') : undefined}
              required
              autoFocus
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete={recovery ? 'off' : 'one-time-code'}
            />
            <Button
              type="button"
              link
              className="login__switch"
              label={recovery ? t('security.login.use_app_code') : t('security.login.use_recovery_code')}
              onClick={() => {
                onFailure(null);
                setRefused(null);
                setRecovery((r) => !r);
              }}
            />
            <Button
              type="submit"
              label={t('login.submit')}
              icon="pi pi-sign-in"
              loading={formik.isSubmitting}
              className="login__submit"
            />
            <Button
              type="button"
              text
              severity="secondary"
              icon="pi pi-arrow-left"
              label={t('security.login.back')}
              className="login__back"
              onClick={onBack}
            />
          </Form>
        )}
      </Formik>
    </>
  );
}
