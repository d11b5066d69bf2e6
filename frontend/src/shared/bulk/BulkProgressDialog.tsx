import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLL_MS, useBulkEventQuery } from './api';
import { progressPercent } from './outcome';
import type { BulkStatus } from './types';

interface BulkProgressDialogProps {
  /** The running action's (or undo's) event. */
  eventId: number;
  /** Catalogue key of the title. */
  title: string;
  /** The counts known before the first poll (the 202 answer). */
  initial?: Pick<BulkStatus, 'total' | 'done' | 'unchanged' | 'skipped_count'>;
  format: (value: number) => string;
  /** The event's state is no longer `running`: polling stops (the dialog unmounts). */
  onFinished: (status: BulkStatus) => void;
  /** Stops watching; the run goes on on the server. */
  onHide: () => void;
}

/**
 * A long bulk action (202): its event polled every POLL_MS while it runs, the share of records
 * handled as a progress bar, until its state says it ended.
 */
export function BulkProgressDialog({ eventId, title, initial, format, onFinished, onHide }: BulkProgressDialogProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [ended, setEnded] = useState(false);
  const { data, isError } = useBulkEventQuery(eventId, {
    // Polling ends with the run (and the dialog unmounts once it reports the end).
    pollingInterval: ended ? 0 : POLL_MS,
    skipPollingIfUnfocused: false,
    refetchOnMountOrArgChange: true,
  });
  const status = data?.bulk ?? undefined;
  const finished = status !== undefined && status !== null && status.state !== 'running';
  if (finished !== ended) setEnded(finished);

  const reported = useRef(false);
  useEffect(() => {
    if (!finished || !status || reported.current) return;
    reported.current = true;
    onFinished(status);
  }, [finished, status, onFinished]);

  const shown = status ?? initial;
  const handled = shown ? shown.done + (shown.unchanged ?? 0) + (shown.skipped_count ?? 0) : 0;
  const value = progressPercent(shown);

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t(title)}
      modal
      closable={false}
      closeOnEscape={false}
      draggable={false}
      resizable={false}
      blockScroll
      style={{ width: '400px', maxWidth: 'calc(100vw - 1rem)' }}
      className="bulk-dialog"
      footer={<Button type="button" label={t('dialog.close')} icon="pi pi-times" severity="secondary" text onClick={onHide} />}
    >
      <p id={labelId} className="bulk-dialog__message" aria-live="polite">
        {t('bulk.progress', { done: format(handled), total: format(shown?.total ?? 0) })}
      </p>
      <ProgressBar
        value={value}
        aria-labelledby={labelId}
        data-testid="bulk-progress"
      />
      <p className="bulk-dialog__note">{t('bulk.progress_note')}</p>
      {isError && (
        <p className="bulk-dialog__note p-error" role="status">
          {t('table.load_error')}
        </p>
      )}
    </Dialog>
  );
}
