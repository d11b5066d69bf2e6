import { useEffect, useState } from 'react';
import type { BulkAnswer, BulkSkip, BulkState, BulkStatus, UndoAnswer } from './types';

/** What a bulk action did, from its answer or from its event's `bulk` status. */
export interface BulkOutcome {
  eventId: number;
  state: BulkState;
  total: number;
  done: number;
  unchanged: number;
  /** The skipped records the answer lists (an event lists the first 1000). */
  skipped: BulkSkip[];
  /** How many were skipped in all. */
  skippedCount: number;
  undoUntil: string | null;
  undoneBy: number | null;
  /** Why a failed run stopped. */
  failure: string | null;
}

/** What an undo did. */
export interface UndoOutcome {
  eventId: number;
  state: BulkState;
  restored: number;
  /** Records changed since the bulk action, left alone. */
  left: BulkSkip[];
  leftCount: number;
  failure: string | null;
}

export function outcomeOfAnswer(answer: BulkAnswer): BulkOutcome {
  const skipped = answer.skipped ?? [];
  return {
    eventId: answer.event_id,
    state: answer.state,
    total: answer.total,
    done: answer.done,
    unchanged: answer.unchanged ?? 0,
    skipped,
    skippedCount: answer.skipped_count ?? skipped.length,
    undoUntil: answer.undo_until ?? null,
    undoneBy: answer.undone_by_event ?? null,
    failure: answer.failure ?? null,
  };
}

export function outcomeOfStatus(eventId: number, status: BulkStatus): BulkOutcome {
  const skipped = status.skipped ?? [];
  return {
    eventId,
    state: status.state,
    total: status.total,
    done: status.done,
    unchanged: status.unchanged ?? 0,
    skipped,
    skippedCount: status.skipped_count ?? skipped.length,
    undoUntil: status.undo_until ?? null,
    undoneBy: status.undone_by_event ?? null,
    failure: status.failure ?? null,
  };
}

export function undoOfAnswer(answer: UndoAnswer): UndoOutcome {
  const left = answer.left ?? [];
  return {
    eventId: answer.event_id,
    state: answer.state,
    restored: answer.restored ?? 0,
    left,
    leftCount: answer.skipped_count ?? left.length,
    failure: answer.failure ?? null,
  };
}

/** An undo's event, polled: its `bulk` names restored and left, or done and skipped like a bulk action's. */
export function undoOfStatus(eventId: number, status: BulkStatus): UndoOutcome {
  const left = status.left ?? status.skipped ?? [];
  return {
    eventId,
    state: status.state,
    restored: status.restored ?? status.done ?? 0,
    left,
    leftCount: status.left_count ?? status.skipped_count ?? left.length,
    failure: status.failure ?? null,
  };
}

/** How far a running action has come: records handled of the total, as a whole percentage. */
export function progressPercent(status: Pick<BulkStatus, 'total' | 'done' | 'unchanged' | 'skipped_count'> | undefined): number {
  if (!status || status.total <= 0) return 0;
  const handled = status.done + (status.unchanged ?? 0) + (status.skipped_count ?? 0);
  return Math.max(0, Math.min(100, Math.floor((handled * 100) / status.total)));
}

/** The signed-in account as far as the undo rule needs it. */
export interface UndoUser {
  id: number;
  /** May undo anyone's bulk action (`undo` on activity: an admin). */
  undoAny: boolean;
}

/** The undo rule's view of the profile answer. */
export function undoUserOf(
  me: { id: number; roles: readonly string[] } | undefined,
  can: (resource: 'activity', action: 'undo') => boolean,
): UndoUser | undefined {
  return me ? { id: me.id, undoAny: me.roles.includes('admin') || can('activity', 'undo') } : undefined;
}

/**
 * Issue 25's undo rule: a finished bulk action, not undone yet, within its window (until
 * `undo_until`), by the user who ran it or an admin.
 */
export function mayUndo(
  outcome: Pick<BulkOutcome, 'state' | 'undoUntil' | 'undoneBy'>,
  ranBy: number | null,
  me: UndoUser | undefined,
  now: number,
): boolean {
  if (outcome.state !== 'done' || outcome.undoneBy !== null || !outcome.undoUntil || !me) return false;
  if (!windowOpen(outcome.undoUntil, now)) return false;
  return me.undoAny || (ranBy !== null && ranBy === me.id);
}

export const windowOpen = (undoUntil: string | null, now: number): boolean => {
  if (!undoUntil) return false;
  const until = Date.parse(undoUntil);
  return Number.isFinite(until) && until > now;
};

/** The longest a timer may wait (setTimeout's limit). */
const MAX_TIMEOUT = 2_147_483_647;

/** Now, taken again when the moment `until` passes, so an undo button goes when its window does. */
export function useNowUntil(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const wait = Date.parse(until) - Date.now();
    if (!Number.isFinite(wait) || wait < 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, MAX_TIMEOUT));
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

/** The activity log with one event open. */
export const eventPath = (eventId: number) => `/activity?event=${eventId}`;

/** Catalogue key of a bulk action's name. */
export const actionLabelKey = (action: string) => `bulk.actions.${action}`;
