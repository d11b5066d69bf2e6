import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/auth/permissions';
import { errorBody, errorStatus } from '../../shared/errors/apiError';
import { translateServerMessage } from '../../shared/errors/errorKey';
import { PagedTable, type PagedColumn } from '../../shared/list/PagedTable';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { IconButton } from '../../shared/ui/IconButton';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { useRevertActivityMutation } from './api';
import { BulkOutcome } from './BulkOutcome';
import {
  actionLabel,
  actorLabel,
  describeChange,
  fieldLabel,
  formatChangeValue,
  formatEventTime,
  resourceLabel,
  type ChangeView,
} from './format';
import { conflictsOf, revertOffer, type RevertConflict } from './revert';
import type { ActivityEvent } from './types';
import '../../shared/form/conflict.css';

interface ActivityEventDialogProps {
  /** The event shown; it stays set while the dialog animates out. */
  event: ActivityEvent | null;
  visible: boolean;
  onHide: () => void;
  /** After a revert went through: e.g. the record's edit dialog takes the reverted values. */
  onReverted?: (event: ActivityEvent) => void;
}

/** A change as a row of the changes table. */
type ChangeRow = ChangeView & { id: number };

/** What the confirmation asks: the whole event, or one field of it. */
type Asking = { field: string | null } | null;

/** A refused revert (409): the server's sentence and the fields changed again since. */
interface Refusal {
  message: string;
  conflicts: RevertConflict[];
}

/**
 * One event of the activity log (issue 21): who, when and from where, the record, and its
 * changes as old → new (amounts in the language's format, a secret field only "changed"). A
 * user who may write the record reverts the whole event or one field, after a confirmation; a
 * refusal because a field changed since (409) is shown here with the newer values, an invalid
 * reverted value (422) in the error dialog with its translated sentences.
 */
export function ActivityEventDialog({ event, visible, onHide, onReverted }: ActivityEventDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const snackbar = useSnackbar();
  const perms = usePermissions();
  const [revert, { isLoading: reverting }] = useRevertActivityMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const [confirmVisible, setConfirmVisible] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const offer = event ? revertOffer(event, (resource) => perms.can(resource, 'write')) : { whole: false, fields: [] };
  const rows: ChangeRow[] = useMemo(
    () => (event ? event.changes.map((c, index) => ({ ...describeChange(c, language, t), id: index + 1 })) : []),
    [event, language, t],
  );

  const columns: PagedColumn<ChangeRow>[] = [
    { field: 'label', header: 'activity.field' },
    {
      field: 'from',
      header: 'activity.from',
      body: (row) => (row.secret ? <em>{row.text}</em> : <span className="activity-value">{row.from}</span>),
    },
    {
      field: 'to',
      header: 'activity.to',
      body: (row) => (row.secret ? <em>{row.text}</em> : <span className="activity-value">{row.to}</span>),
    },
  ];

  const ask = (field: string | null) => {
    setAsking({ field });
    setConfirmVisible(true);
  };

  const doRevert = async () => {
    setConfirmVisible(false);
    if (!event || !asking) return;
    setRefusal(null);
    try {
      await revert({
        id: event.id,
        fields: asking.field ? [asking.field] : undefined,
        resource: event.resource,
        recordId: event.record_id,
      }).unwrap();
      snackbar.success(t('activity.reverted'));
      onReverted?.(event);
      onHide();
    } catch (error) {
      // 409 is this dialog's to show; the error dialog explains a 422 and the rest.
      if (errorStatus(error) === 409) {
        const body = errorBody(error);
        setRefusal({
          message: body.message ? translateServerMessage(i18n, body.message) : t('activity.changed_since'),
          conflicts: conflictsOf((error as { data?: unknown }).data),
        });
      }
    }
  };

  const confirmMessage = () => {
    if (!event || !asking) return '';
    if (event.action === 'create') return t('activity.revert_create_message');
    if (asking.field) return t('activity.revert_field_message', { field: fieldLabel(asking.field, t) });
    return t('activity.revert_message');
  };

  const record = event
    ? `${resourceLabel(event.resource, t)}${event.record_id ? ` #${event.record_id}` : ''}`
    : '';

  const footer = (
    <>
      {offer.whole && (
        <Button
          type="button"
          icon="pi pi-undo"
          label={t('activity.revert')}
          severity="warning"
          outlined
          loading={reverting}
          onClick={() => ask(null)}
        />
      )}
      <Button type="button" label={t('dialog.close')} icon="pi pi-times" onClick={onHide} autoFocus />
    </>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      onShow={() => setRefusal(null)}
      header={event ? t('activity.event_title', { id: event.id }) : t('activity.event')}
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="details-dialog activity-dialog"
      footer={footer}
    >
      {event && (
        <>
          <dl className="activity-dialog__facts">
            <div>
              <dt>{t('activity.at')}</dt>
              <dd data-testid="event-at">{formatEventTime(event.at, language)}</dd>
            </div>
            <div>
              <dt>{t('activity.user')}</dt>
              <dd data-testid="event-actor">{actorLabel(event, t)}</dd>
            </div>
            <div>
              <dt>{t('activity.action')}</dt>
              <dd>{actionLabel(event.action, t)}</dd>
            </div>
            <div>
              <dt>{t('activity.record')}</dt>
              <dd data-testid="event-record">{record}</dd>
            </div>
            {event.parent && (
              <div>
                <dt>{t('activity.parent')}</dt>
                <dd>{`${resourceLabel(event.parent.resource, t)} #${event.parent.id}`}</dd>
              </div>
            )}
            {event.reverts !== null && (
              <div>
                <dt>{t('activity.reverts')}</dt>
                <dd>#{event.reverts}</dd>
              </div>
            )}
            {event.import_id && (
              <div>
                <dt>{t('activity.import_id')}</dt>
                <dd className="activity-code">{event.import_id}</dd>
              </div>
            )}
            <div>
              <dt>{t('activity.address')}</dt>
              <dd className="activity-code">{event.address || t('activity.no_value')}</dd>
            </div>
            <div>
              <dt>{t('activity.request_id')}</dt>
              <dd className="activity-code">{event.request_id || t('activity.no_value')}</dd>
            </div>
          </dl>

          {refusal && (
            <section className="conflict-panel" role="alert" aria-label={t('activity.changed_since_title')}>
              <h3 className="conflict-panel__title">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('activity.changed_since_title')}
              </h3>
              <p className="conflict-panel__hint">{refusal.message}</p>
              {refusal.conflicts.length > 0 && (
                <ul className="activity-dialog__conflicts">
                  {refusal.conflicts.map((c) => (
                    <li key={c.field}>
                      {t('activity.now_holds', {
                        field: fieldLabel(c.field, t),
                        value: formatChangeValue(c.field, c.current, language, t),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          <BulkOutcome event={event} />

          <h3 className="activity-dialog__subtitle">{t('activity.changes')}</h3>
          <PagedTable<ChangeRow>
            columns={columns}
            rows={rows}
            paginator="none"
            label="activity.changes"
            emptyText="activity.no_changes"
            actions={
              offer.fields.length > 0
                ? (row) =>
                    offer.fields.includes(row.field) ? (
                      <IconButton
                        icon="pi pi-undo"
                        label={`${t('activity.revert_field')}: ${row.label}`}
                        severity="secondary"
                        disabled={reverting}
                        onClick={() => ask(row.field)}
                      />
                    ) : null
                : undefined
            }
            actionsWidth="5rem"
            className="activity-dialog__changes"
          />
        </>
      )}

      <ConfirmDialog
        visible={confirmVisible}
        onHide={() => setConfirmVisible(false)}
        header={t('activity.revert_title')}
        message={confirmMessage()}
        icon="pi pi-undo"
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        accept={() => {
          void doRevert();
        }}
        reject={() => setConfirmVisible(false)}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </Dialog>
  );
}
