import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionsTable } from '../../shared/sessions/SessionsTable';
import type { Session } from '../../shared/sessions/types';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from './api';

/** The account's signed-in sessions (issue 23): this one marked, any other can be ended. */
export function SessionsCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const query = useListSessionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [endSession, { originalArgs: ending, isLoading: endingOne }] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = (query.data ?? []).filter((s) => !s.current).length;

  const onEnd = async (session: Session) => {
    try {
      await endSession(session.id).unwrap();
      snackbar.success(t('security.sessions.ended'));
    } catch {
      // The API layer said why.
    }
  };

  const onEndOthers = async () => {
    setConfirmAll(false);
    try {
      await endOthers().unwrap();
      snackbar.success(t('security.sessions.others_ended'));
    } catch {
      // The API layer said why.
    }
  };

  return (
    <section className="profile__card profile__card--wide" aria-labelledby="sessions-title" data-testid="sessions-card">
      <div className="profile__section-head">
        <h2 id="sessions-title" className="profile__section-title">
          {t('security.sessions.title')}
        </h2>
        <Button
          type="button"
          label={t('security.sessions.end_others')}
          icon="pi pi-sign-out"
          severity="danger"
          outlined
          disabled={others === 0}
          loading={endingOthers}
          onClick={() => setConfirmAll(true)}
        />
      </div>
      <p className="profile__section-text">{t('security.sessions.text')}</p>
      <SessionsTable
        sessions={query.data}
        isFetching={query.isFetching}
        isError={query.isError}
        refetch={query.refetch}
        label="security.sessions.title"
        onEnd={(s) => void onEnd(s)}
        ending={endingOne ? ending : null}
      />
      <ConfirmDialog
        visible={confirmAll}
        onHide={() => setConfirmAll(false)}
        header={t('security.sessions.end_others')}
        message={t('security.sessions.end_others_confirm', { count: others })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        acceptClassName="p-button-danger"
        accept={() => void onEndOthers()}
        reject={() => setConfirmAll(false)}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </section>
  );
}
