import type { TagDescription } from '@reduxjs/toolkit/query';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { baseApi, type TagType } from '../api/baseApi';
import { usePermissions } from '../auth/permissions';
import { errorStatus } from '../errors/apiError';
import { describeError } from '../errors/describeError';
import { dialogShown } from '../errors/dialogSlice';
import { COUNT, formatAmount } from '../format/amount';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import { useUndoBulkMutation } from './api';
import { BulkProgressDialog } from './BulkProgressDialog';
import { UndoResultDialog } from './BulkResultDialog';
import { undoOfAnswer, undoOfStatus, type UndoOutcome } from './outcome';
import type { BulkStatus } from './types';

/** Numbers of the bulk dialogs in the language's format. */
export function useCountFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatAmount(value, language, COUNT), [language]);
}

/** The activity log's cache and the lists a run changed: refetched when a run or an undo ends. */
export function useRefreshAfterBulk(tags: readonly TagDescription<TagType>[]) {
  const dispatch = useDispatch();
  return useCallback(
    () => dispatch(baseApi.util.invalidateTags([...tags, { type: 'Activity', id: 'LIST' }])),
    [dispatch, tags],
  );
}

/** A refused bulk call (409: another runs, the window passed, already undone) in the error dialog; the caller then stops. */
export function useShowRefusal() {
  const dispatch = useDispatch();
  return useCallback(
    (error: unknown) => {
      // The API layer leaves 409 to its caller; every other failure it has shown already.
      if (errorStatus(error) === 409) dispatch(dialogShown(describeError(error)));
    },
    [dispatch],
  );
}

interface UndoOptions {
  /** The lists the bulk action changed. */
  tags: readonly TagDescription<TagType>[];
  recordLink?: (id: number) => string;
  /** After an undo ended (or was refused) and its dialogs closed: e.g. focus goes back. */
  onClosed?: () => void;
  /** After an undo finished, with what it did. */
  onUndone?: (undo: UndoOutcome) => void;
}

type UndoPhase =
  | { kind: 'idle' }
  | { kind: 'asking'; eventId: number; visible: boolean }
  | { kind: 'running'; eventId: number; total?: number }
  | { kind: 'result'; undo: UndoOutcome };

/**
 * A bulk action's undo (issue 25), from the result dialog, the snackbar or the activity log:
 * a confirmation, POST …/undo, its progress while it runs (202), then what was restored and
 * what was left alone with the reason. The lists and the log refetch when it ends.
 */
export function useBulkUndo({ tags, recordLink, onClosed, onUndone }: UndoOptions): {
  start: (eventId: number) => void;
  busy: boolean;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const perms = usePermissions();
  const format = useCountFormat();
  const refresh = useRefreshAfterBulk(tags);
  const showRefusal = useShowRefusal();
  const [undo, undoState] = useUndoBulkMutation();
  const [phase, setPhase] = useState<UndoPhase>({ kind: 'idle' });

  const finish = useCallback(
    (outcome: UndoOutcome) => {
      refresh();
      onUndone?.(outcome);
      setPhase({ kind: 'result', undo: outcome });
    },
    [refresh, onUndone],
  );

  const onFinished = useCallback(
    (eventId: number) => (status: BulkStatus) => finish(undoOfStatus(eventId, status)),
    [finish],
  );

  const accept = async (eventId: number) => {
    setPhase({ kind: 'asking', eventId, visible: false });
    try {
      const answer = await undo(eventId).unwrap();
      if (answer.state === 'running') setPhase({ kind: 'running', eventId: answer.event_id, total: answer.total });
      else finish(undoOfAnswer(answer));
    } catch (error) {
      showRefusal(error);
      setPhase({ kind: 'idle' });
      onClosed?.();
    }
  };

  const close = () => {
    setPhase({ kind: 'idle' });
    onClosed?.();
  };

  const dialogs = (
    <>
      {phase.kind === 'asking' && (
        <ConfirmDialog
          visible={phase.visible}
          onHide={() => {
            if (phase.visible) close();
          }}
          header={t('bulk.undo_title')}
          message={t('bulk.undo_message')}
          icon="pi pi-undo"
          acceptLabel={t('bulk.undo')}
          rejectLabel={t('dialog.cancel')}
          accept={() => {
            void accept(phase.eventId);
          }}
          reject={close}
          draggable={false}
          style={dialogStyle(DIALOG_WIDTH.notice)}
        />
      )}
      {phase.kind === 'running' && (
        <BulkProgressDialog
          key={phase.eventId}
          eventId={phase.eventId}
          title="bulk.undo_progress_title"
          initial={phase.total !== undefined ? { total: phase.total, done: 0, unchanged: 0, skipped_count: 0 } : undefined}
          format={format}
          onFinished={onFinished(phase.eventId)}
          onHide={close}
        />
      )}
      {phase.kind === 'result' && (
        <UndoResultDialog undo={phase.undo} canOpenLog={perms.can('activity')} recordLink={recordLink} format={format} onHide={close} />
      )}
    </>
  );

  return {
    start: (eventId: number) => setPhase({ kind: 'asking', eventId, visible: true }),
    busy: undoState.isLoading || phase.kind === 'running',
    dialogs,
  };
}
