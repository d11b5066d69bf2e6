import { Form, Formik, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../shared/api/download';
import { errorStatus } from '../../shared/errors/apiError';
import { TextField } from '../../shared/form/TextField';
import { codeSchema, normaliseCode, type CodeValues } from '../../shared/auth/mfaCode';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { useConfirmMfaMutation, useEnrollMfaMutation, type Enrolment } from './api';
import { groupSecret, recoveryCodesText } from './secret';
import './mfa.css';

type Step =
  | { kind: 'starting' }
  | { kind: 'failed' }
  | { kind: 'already' }
  | { kind: 'scan'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] };

interface EnrolmentStepsProps {
  /** The user has read the recovery codes and said so: two-factor sign-in is on. */
  onFinished: () => void;
  /** Whether the steps may still be left (false once the recovery codes are shown). */
  onLeavable?: (leavable: boolean) => void;
  /** The account's username, named in the recovery codes' file. */
  username?: string;
}

/**
 * Setting up two-factor sign-in (issue 23): a new secret as a QR code drawn here in the
 * browser and as text, the first code from the app to confirm it, then the ten recovery codes,
 * shown this once, to copy or download before going on.
 */
export function EnrolmentSteps({ onFinished, onLeavable, username }: EnrolmentStepsProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [enroll] = useEnrollMfaMutation();
  const [confirm] = useConfirmMfaMutation();
  const [step, setStep] = useState<Step>({ kind: 'starting' });
  // The code the server refused: its error stays beside the field until the code is changed.
  const [refused, setRefused] = useState<string | null>(null);
  const started = useRef(false);

  const start = async () => {
    setStep({ kind: 'starting' });
    try {
      setStep({ kind: 'scan', enrolment: await enroll().unwrap() });
    } catch (error) {
      setStep({ kind: errorStatus(error) === 409 ? 'already' : 'failed' });
    }
  };

  // One secret per opening (the ref survives React's development double effect).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => onLeavable?.(step.kind !== 'codes'), [onLeavable, step.kind]);

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      snackbar.success(done);
    } catch {
      snackbar.error(t('security.mfa.copy_failed'));
    }
  };

  const onConfirm = async (values: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    try {
      const answer = await confirm({ code: normaliseCode(values.code, false) }).unwrap();
      setStep({ kind: 'codes', codes: answer.recovery_codes });
    } catch (error) {
      // A wrong code stays in the field to be corrected; any other failure the API layer showed.
      if (errorStatus(error) === 422) {
        setRefused(values.code);
        helpers.setFieldError('code', 'security.mfa.wrong_code');
      }
    }
  };

  if (step.kind === 'starting') {
    return (
      <div className="mfa-steps__status" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden /> {t('security.mfa.starting')}
      </div>
    );
  }
  if (step.kind === 'already') return <Message severity="info" text={t('security.mfa.already_on')} className="mfa-steps__message" />;
  if (step.kind === 'failed') {
    return (
      <div className="mfa-steps__status">
        <Message severity="error" text={t('errors.generic')} />
        <Button type="button" label={t('security.mfa.try_again')} icon="pi pi-refresh" outlined onClick={() => void start()} />
      </div>
    );
  }

  if (step.kind === 'codes') {
    const text = recoveryCodesText(step.codes, t('security.mfa.codes_file_heading', { username: username ?? '' }));
    return (
      <div className="mfa-steps">
        <Message severity="warn" className="mfa-steps__message" text={t('security.mfa.codes_warning')} />
        <h3 className="mfa-steps__heading" id="mfa-codes-title">
          {t('security.mfa.codes_title')}
        </h3>
        <ol className="mfa-codes" data-testid="recovery-codes" aria-labelledby="mfa-codes-title">
          {step.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className="mfa-steps__actions">
          <Button
            type="button"
            label={t('security.mfa.copy_codes')}
            icon="pi pi-copy"
            outlined
            onClick={() => void copy(step.codes.join('\n'), t('security.mfa.codes_copied'))}
          />
          <Button
            type="button"
            label={t('security.mfa.download_codes')}
            icon="pi pi-download"
            outlined
            onClick={() => saveObjectUrl(URL.createObjectURL(new Blob([text], { type: 'text/plain' })), 'vitrina-recovery-codes.txt')}
          />
          <Button type="button" label={t('security.mfa.codes_saved')} icon="pi pi-check" onClick={onFinished} />
        </div>
      </div>
    );
  }

  const { secret, otpauth_url: url } = step.enrolment;
  return (
    <ol className="mfa-steps mfa-steps--numbered">
      <li>
        <p className="mfa-steps__text">{t('security.mfa.scan')}</p>
        <div className="mfa-qr">
          <QRCodeSVG
            value={url}
            size={176}
            marginSize={2}
            level="M"
            role="img"
            aria-label={t('security.mfa.qr_label')}
            title={t('security.mfa.qr_label')}
          />
        </div>
      </li>
      <li>
        <p className="mfa-steps__text">
          {t('security.mfa.manual')}
        </p>
        <div className="mfa-secret">
          <code className="mfa-secret__value" data-testid="mfa-secret">
            {groupSecret(secret)}
          </code>
          <Button
            type="button"
            icon="pi pi-copy"
            text
            rounded
            aria-label={t('security.mfa.copy_secret')}
            title={t('security.mfa.copy_secret')}
            onClick={() => void copy(secret, t('security.mfa.secret_copied'))}
          />
        </div>
      </li>
      <li>
        <Formik<CodeValues>
          initialValues={{ code: '' }}
          validationSchema={codeSchema(false)}
          validate={(values) => (refused !== null && values.code === refused ? { code: 'security.mfa.wrong_code' } : {})}
          onSubmit={onConfirm}
        >
          {(formik) => (
            <Form noValidate className="mfa-steps__form">
              <TextField
                name="code"
                label={t('security.mfa.confirm_code')}
                hint={t('security.mfa.confirm_hint')}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <Button type="submit" label={t('security.mfa.turn_on')} icon="pi pi-shield" loading={formik.isSubmitting} />
            </Form>
          )}
        </Formik>
      </li>
    </ol>
  );
}
