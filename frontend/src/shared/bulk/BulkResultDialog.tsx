import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { translateServerMessage } from '../errors/errorKey';
import { formatDateTime } from '../notifications/format';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import { eventPath, type BulkOutcome, type UndoOutcome } from './outcome';
import type { BulkSkip } from './types';

interface SkippedListProps {
  title: string;
  items: BulkSkip[];
  /** How many in all (the list may hold only the first ones). */
  count: number;
  recordLink?: (id: number) => string;
  format: (value: number) => string;
  testId: string;
}

/** Records left alone, each with the server's reason translated; an id links to its record where one opens. */
export function SkippedList({ title, items, count, recordLink, format, testId }: SkippedListProps) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  return (
    <section className="bulk-result__skipped" aria-label={title}>
      <h3 className="bulk-result__subtitle">{title}</h3>
      <ul className="bulk-result__list" data-testid={testId} tabIndex={0} aria-label={title}>
        {items.map((item) => (
          <li key={item.id}>
            {recordLink ? (
              <Link to={recordLink(item.id)} className="bulk-result__id">
                {t('bulk.record', { id: item.id })}
              </Link>
            ) : (
              <span className="bulk-result__id">{t('bulk.record', { id: item.id })}</span>
            )}{' '}
            <span>{translateServerMessage(i18n, item.reason)}</span>
          </li>
        ))}
      </ul>
      {count > items.length && <p className="bulk-dialog__note">{t('bulk.skipped_more', { n: format(count - items.length) })}</p>}
    </section>
  );
}

function Figures({ rows }: { rows: [label: string, value: string, testId: string][] }) {
  return (
    <dl className="bulk-result__figures">
      {rows.map(([label, value, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface BulkResultDialogProps {
  outcome: BulkOutcome;
  /** Catalogue key of the action's name. */
  actionLabel: string;
  /** The undo is offered (the window is open and the user may). */
  canUndo: boolean;
  /** The activity log may be opened. */
  canOpenLog: boolean;
  recordLink?: (id: number) => string;
  format: (value: number) => string;
  onUndo: () => void;
  onHide: () => void;
}

/** A bulk action's result: changed, already so, skipped with reasons, the event, and Undo within its window. */
export function BulkResultDialog({ outcome, actionLabel, canUndo, canOpenLog, recordLink, format, onUndo, onHide }: BulkResultDialogProps) {
  const { t, i18n } = useTranslation();
  const footer = (
    <div className="form-dialog__footer">
      {canUndo && (
        <Button type="button" label={t('bulk.undo')} icon="pi pi-undo" severity="warning" outlined onClick={onUndo} data-testid="bulk-undo" />
      )}
      <Button type="button" label={t('dialog.close')} icon="pi pi-check" onClick={onHide} autoFocus />
    </div>
  );
  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('bulk.result_title', { action: t(actionLabel) })}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.form)}
      className="bulk-dialog bulk-result"
      footer={footer}
    >
      {outcome.state === 'failed' && (
        <p className="bulk-result__failed" role="alert">
          {t('bulk.failed')}
          {outcome.failure ? ` ${translateServerMessage(i18n, outcome.failure)}` : ''}
        </p>
      )}
      <Figures
        rows={[
          [t('bulk.done'), format(outcome.done), 'bulk-done'],
          [t('bulk.unchanged'), format(outcome.unchanged), 'bulk-unchanged'],
          [t('bulk.skipped'), format(outcome.skippedCount), 'bulk-skipped'],
        ]}
      />
      <SkippedList
        title={t('bulk.skipped_title')}
        items={outcome.skipped}
        count={outcome.skippedCount}
        recordLink={recordLink}
        format={format}
        testId="bulk-skipped-list"
      />
      {canUndo && outcome.undoUntil && (
        <p className="bulk-dialog__note">{t('bulk.undo_until', { time: formatDateTime(outcome.undoUntil, i18n.language) })}</p>
      )}
      {canOpenLog && (
        <p>
          <Link to={eventPath(outcome.eventId)} className="bulk-result__event" data-testid="bulk-event-link">
            <i className="pi pi-history" aria-hidden /> {t('bulk.open_event')}
          </Link>
        </p>
      )}
    </Dialog>
  );
}

interface UndoResultDialogProps {
  undo: UndoOutcome;
  canOpenLog: boolean;
  recordLink?: (id: number) => string;
  format: (value: number) => string;
  onHide: () => void;
}

/** An undo's result: restored, and the records changed since, left alone with the reason. */
export function UndoResultDialog({ undo, canOpenLog, recordLink, format, onHide }: UndoResultDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('bulk.undo_result_title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.form)}
      className="bulk-dialog bulk-result"
      footer={
        <div className="form-dialog__footer">
          <Button type="button" label={t('dialog.close')} icon="pi pi-check" onClick={onHide} autoFocus />
        </div>
      }
    >
      {undo.state === 'failed' && (
        <p className="bulk-result__failed" role="alert">
          {t('bulk.failed')}
          {undo.failure ? ` ${translateServerMessage(i18n, undo.failure)}` : ''}
        </p>
      )}
      <Figures
        rows={[
          [t('bulk.restored'), format(undo.restored), 'bulk-restored'],
          [t('bulk.left'), format(undo.leftCount), 'bulk-left'],
        ]}
      />
      <SkippedList
        title={t('bulk.left_title')}
        items={undo.left}
        count={undo.leftCount}
        recordLink={recordLink}
        format={format}
        testId="bulk-left-list"
      />
      {canOpenLog && (
        <p>
          <Link to={eventPath(undo.eventId)} className="bulk-result__event">
            <i className="pi pi-history" aria-hidden /> {t('bulk.open_event')}
          </Link>
        </p>
      )}
    </Dialog>
  );
}
