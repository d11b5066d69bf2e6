import { Form, Formik, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLength, codeSchema, normaliseCode, type CodeValues } from '../../shared/auth/mfaCode';
import { TextField } from '../../shared/form/TextField';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { PageLoader } from '../../shared/ui/PageLoader';

interface CodeStepProps {
  /** Sends the code; resolves to 'wrong' when the server refused it (422), to keep it in the field. */
  onSubmit: (code: string) => Promise<'wrong' | void>;
  onBack: () => void;
  /** Any other failure's alert is cleared when the user switches code kinds. */
  onSwitch: () => void;
}

/**
 * The second step of a sign-in with two-factor on (issue 23): the app's six-digit code, or a
 * recovery code. Loaded, with its strings, only when a password answers with a challenge, so the
 * sign-in page of everyone else stays as small as it was.
 */
export default function CodeStep({ onSubmit, onBack, onSwitch }: CodeStepProps) {
  const { t, ready } = useTranslation(['translation', 'security']);
  const snackbar = useSnackbar();
  const [recovery, setRecovery] = useState(false);
  if (!ready) return <PageLoader />;

  const submit = async (values: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    const result = await onSubmit(normaliseCode(values.code, recovery));
    if (result === 'wrong') {
      helpers.setFieldError('code', recovery ? 'security.login.wrong_recovery_code' : 'security.mfa.wrong_code');
    }
  };

  return (
    <>
      <h1 className="login__title">{t('security.login.title')}</h1>
      <p className="login__subtitle">{recovery ? t('security.login.recovery_subtitle') : t('security.login.subtitle')}</p>
      <Formik<CodeValues>
        key={recovery ? 'recovery' : 'code'}
        initialValues={{ code: '' }}
        validationSchema={codeSchema(recovery)}
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
              maxLength={codeLength(recovery)}
            />
            <Button
              type="button"
              link
              className="login__switch"
              label={recovery ? t('security.login.use_app_code') : t('security.login.use_recovery_code')}
              onClick={() => {
                onSwitch();
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
