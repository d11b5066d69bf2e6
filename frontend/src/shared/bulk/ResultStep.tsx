import { BulkResultDialog } from './BulkResultDialog';
import { actionLabelKey, mayUndo, useNowUntil, type BulkOutcome, type UndoUser } from './outcome';
import type { BulkActionName, BulkConfig } from './types';

/** The result dialog, whose undo button goes when its window does. */
export function ResultStep({
  outcome,
  action,
  config,
  me,
  canOpenLog,
  format,
  onUndo,
  onHide,
}: {
  outcome: BulkOutcome;
  action: BulkActionName;
  config: BulkConfig;
  me: UndoUser | undefined;
  canOpenLog: boolean;
  format: (value: number) => string;
  onUndo: () => void;
  onHide: () => void;
}) {
  const now = useNowUntil(outcome.undoUntil);
  return (
    <BulkResultDialog
      outcome={outcome}
      actionLabel={actionLabelKey(action)}
      // The user who ran it is the one looking (an admin too, by the same rule).
      canUndo={mayUndo(outcome, me?.id ?? null, me, now)}
      canOpenLog={canOpenLog}
      recordLink={config.recordLink}
      format={format}
      onUndo={onUndo}
      onHide={onHide}
    />
  );
}
