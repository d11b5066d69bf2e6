import type { FormikHelpers } from 'formik';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { codeRule, normaliseCode } from '../../shared/auth/mfaCode';
import { errorBody, errorStatus } from '../../shared/errors/apiError';
import { translateServerMessage } from '../../shared/errors/errorKey';
import { FormDialog } from '../../shared/form/FormDialog';
import { PasswordField } from '../../shared/form/PasswordField';
import { TextField } from '../../shared/form/TextField';
import { useDisableMfaMutation } from './api';

interface DisableValues {
  method: 'code' | 'password';
  code: string;
  password: string;
}

const schema = yup.object({
  method: yup.string().oneOf(['code', 'password']).required(),
  code: yup.string().when('method', ([method]: unknown[]) => (method === 'code' ? codeRule(false) : yup.string())),
  password: yup
    .string()
    .when('method', ([method]: unknown[]) => (method === 'password' ? yup.string().required('validation.field') : yup.string())),
});

/** Turning two-factor sign-in off asks for proof: a current code from the app, or the password. */
export function DisableMfaDialog({ visible, onHide, onDone }: { visible: boolean; onHide: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [disable] = useDisableMfaMutation();

  const onSubmit = async (values: DisableValues, helpers: FormikHelpers<DisableValues>) => {
    helpers.setStatus(undefined);
    try {
      await disable(
        values.method === 'code' ? { code: normaliseCode(values.code, false) } : { password: values.password },
      ).unwrap();
    } catch (error) {
      const status = errorStatus(error);
      if (status === 422) {
        const errors = errorBody(error).errors ?? {};
        if (values.method === 'code' || errors.code) helpers.setFieldError('code', 'security.mfa.wrong_code');
        if (values.method === 'password' || errors.password) helpers.setFieldError('password', 'security.mfa.wrong_password');
      } else if (status === 403) {
        const message = errorBody(error).message;
        helpers.setStatus(message ? translateServerMessage(i18n, message) : t('security.mfa.disable_forbidden'));
      }
      // The dialog stays open with what was typed.
      throw error;
    }
    onDone();
  };

  return (
    <FormDialog<DisableValues>
      visible={visible}
      title={t('security.mfa.disable_title')}
      initialValues={{ method: 'code', code: '', password: '' }}
      validationSchema={schema}
      onSubmit={onSubmit}
      onHide={onHide}
      maxWidth={400}
      submitLabel={t('security.mfa.disable')}
    >
      {(formik) => (
        <>
          <p className="mfa-dialog__text">{t('security.mfa.disable_text')}</p>
          {typeof formik.status === 'string' && <Message severity="error" text={formik.status} />}
          <SelectButton
            value={formik.values.method}
            options={[
              { label: t('security.mfa.with_code'), value: 'code' },
              { label: t('security.mfa.with_password'), value: 'password' },
            ]}
            allowEmpty={false}
            aria-label={t('security.mfa.disable_proof')}
            onChange={(e) => {
              void formik.setFieldValue('method', e.value as DisableValues['method']);
              formik.setErrors({});
            }}
            className="mfa-dialog__method"
          />
          {formik.values.method === 'code' ? (
            <TextField
              key="code"
              name="code"
              label={t('security.mfa.code')}
              required
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          ) : (
            <PasswordField key="password" name="password" label={t('security.mfa.password')} required autoFocus autoComplete="current-password" />
          )}
        </>
      )}
    </FormDialog>
  );
}
