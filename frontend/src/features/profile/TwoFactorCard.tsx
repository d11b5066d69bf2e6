import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLoggedUserQuery } from '../../shared/api/me';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { DisableMfaDialog } from './DisableMfaDialog';
import { EnrolmentSteps } from './EnrolmentSteps';

/** Two-factor sign-in on the profile (issue 23): whether it is on, setting it up, turning it off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { data: me, refetch } = useGetLoggedUserQuery();
  // A new key per opening: every set-up starts with a new secret.
  const [enrolling, setEnrolling] = useState<number | null>(null);
  const [leavable, setLeavable] = useState(true);
  const [disabling, setDisabling] = useState(false);
  const enabled = me?.mfa_enabled === true;
  const required = me?.mfa_required === true;
  const onLeavable = useCallback((value: boolean) => setLeavable(value), []);

  const finish = async () => {
    try {
      await refetch();
    } finally {
      setEnrolling(null);
      snackbar.success(t('security.mfa.turned_on'));
    }
  };

  return (
    <section className="profile__card" aria-labelledby="mfa-title" data-testid="mfa-card">
      <div className="profile__section-head">
        <h2 id="mfa-title" className="profile__section-title">
          {t('security.mfa.title')}
        </h2>
        {me && (
          <Tag
            value={enabled ? t('security.mfa.on') : t('security.mfa.off')}
            severity={enabled ? 'success' : 'warning'}
            icon={enabled ? 'pi pi-shield' : undefined}
            rounded
            data-testid="mfa-status"
          />
        )}
      </div>
      <p className="profile__section-text">{t('security.mfa.text')}</p>
      {required && <p className="profile__section-text profile__section-text--note">{t('security.mfa.required_note')}</p>}
      <div className="profile__actions">
        {me && !enabled && (
          <Button
            type="button"
            label={t('security.mfa.set_up')}
            icon="pi pi-shield"
            onClick={() => {
              setLeavable(true);
              setEnrolling((k) => (k ?? 0) + 1);
            }}
          />
        )}
        {me && enabled && !required && (
          <Button
            type="button"
            label={t('security.mfa.disable')}
            icon="pi pi-lock-open"
            severity="danger"
            outlined
            onClick={() => setDisabling(true)}
          />
        )}
      </div>

      <Dialog
        visible={enrolling !== null}
        onHide={() => {
          if (leavable) setEnrolling(null);
        }}
        header={t('security.mfa.enrol_title')}
        modal
        closable={leavable}
        closeOnEscape={leavable}
        dismissableMask={false}
        draggable={false}
        resizable={false}
        blockScroll
        style={dialogStyle(DIALOG_WIDTH.form)}
        className="mfa-dialog"
      >
        {enrolling !== null && (
          <EnrolmentSteps key={enrolling} onFinished={() => void finish()} onLeavable={onLeavable} username={me?.username} />
        )}
      </Dialog>
      <DisableMfaDialog
        visible={disabling}
        onHide={() => setDisabling(false)}
        onDone={() => {
          setDisabling(false);
          snackbar.success(t('security.mfa.turned_off'));
        }}
      />
    </section>
  );
}
