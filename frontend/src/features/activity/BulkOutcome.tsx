import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLoggedUserQuery } from '../../shared/api/me';
import { usePermissions } from '../../shared/auth/permissions';
import { POLL_MS } from '../../shared/bulk/api';
import { SkippedList } from '../../shared/bulk/BulkResultDialog';
import { mayUndo, outcomeOfStatus, undoUserOf, useNowUntil } from '../../shared/bulk/outcome';
import { useBulkUndo, useCountFormat } from '../../shared/bulk/useBulkUndo';
import { formatDateTime } from '../../shared/notifications/format';
import '../../shared/bulk/bulk.css';
import { RECORD_TAG, useGetActivityQuery } from './api';
import { writeResourceOf } from './revert';
import type { ActivityEvent } from './types';

/**
 * A bulk action's event in the log (issue 25): its outcome from the event's `bulk` status
 * (polled while it runs), the records skipped and why, whether it was undone, and Undo within
 * its window for the user who ran it or an admin.
 */
export function BulkOutcome({ event }: { event: ActivityEvent }) {
  const { t, i18n } = useTranslation();
  const format = useCountFormat();
  const perms = usePermissions();
  const { data: meData } = useGetLoggedUserQuery();
  const isBulk = event.action === 'bulk';
  const [running, setRunning] = useState(false);
  // The event as it is now, polled while it runs.
  const { data, refetch } = useGetActivityQuery(event.id, {
    skip: !isBulk,
    refetchOnMountOrArgChange: true,
    pollingInterval: running ? POLL_MS : 0,
  });
  const status = data?.bulk ?? event.bulk ?? null;
  if ((status?.state === 'running') !== running) setRunning(status?.state === 'running');
  const tag = RECORD_TAG[event.resource];
  const tags = useMemo(() => (tag ? [{ type: tag, id: 'LIST' as const }] : []), [tag]);
  const undo = useBulkUndo({ tags, onUndone: () => void refetch() });
  const outcome = status ? outcomeOfStatus(event.id, status) : null;
  const now = useNowUntil(outcome?.undoUntil ?? null);

  if (!isBulk || !outcome) return null;
  const me = undoUserOf(meData, perms.can);
  const ranBy = event.actor.kind === 'user' ? event.actor.id : null;
  // The undo also needs write on the list's resource, as the run did.
  const resource = writeResourceOf(event.resource) ?? (event.resource === 'cart_items' ? 'campaigns' : undefined);
  const canUndo = mayUndo(outcome, ranBy, me, now) && (resource === undefined || perms.can(resource, 'write'));

  return (
    <section className="activity-bulk" aria-label={t('bulk.outcome')} data-testid="bulk-outcome">
      <h3 className="activity-dialog__subtitle">{t('bulk.outcome')}</h3>
      <dl className="activity-dialog__facts">
        <div>
          <dt>{t('bulk.state')}</dt>
          <dd data-testid="bulk-state">
            {outcome.undoneBy !== null ? t('bulk.undone_by', { id: outcome.undoneBy }) : t(`bulk.states.${outcome.state}`)}
          </dd>
        </div>
        <div>
          <dt>{t('bulk.selected_count')}</dt>
          <dd>{format(outcome.total)}</dd>
        </div>
        <div>
          <dt>{t('bulk.done')}</dt>
          <dd data-testid="bulk-done">{format(outcome.done)}</dd>
        </div>
        <div>
          <dt>{t('bulk.unchanged')}</dt>
          <dd>{format(outcome.unchanged)}</dd>
        </div>
        <div>
          <dt>{t('bulk.skipped')}</dt>
          <dd>{format(outcome.skippedCount)}</dd>
        </div>
      </dl>
      <SkippedList
        title={t('bulk.skipped_title')}
        items={outcome.skipped}
        count={outcome.skippedCount}
        format={format}
        testId="bulk-skipped-list"
      />
      {canUndo && outcome.undoUntil && (
        <div className="activity-bulk__undo">
          <span className="bulk-dialog__note">{t('bulk.undo_until', { time: formatDateTime(outcome.undoUntil, i18n.language) })}</span>
          <Button
            type="button"
            icon="pi pi-undo"
            label={t('bulk.undo')}
            severity="warning"
            outlined
            loading={undo.busy}
            onClick={() => undo.start(event.id)}
            data-testid="bulk-undo"
          />
        </div>
      )}
      {undo.dialogs}
    </section>
  );
}
