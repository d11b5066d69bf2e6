import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListParams } from '../api/list';
import { useGetLoggedUserQuery } from '../api/me';
import { usePermissions } from '../auth/permissions';
import type { PagedSelection } from '../list/PagedTable';
import { useSnackbar } from '../snackbar/snackbarContext';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { useRunBulkMutation } from './api';
import { BulkBanner } from './BulkBanner';
import { BulkCashDialog } from './BulkCashDialog';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { BulkMenu } from './BulkMenu';
import { BulkProgressDialog } from './BulkProgressDialog';
import { ResultStep } from './ResultStep';
import { actionLabelKey, eventPath, mayUndo, outcomeOfAnswer, outcomeOfStatus, undoUserOf, type BulkOutcome } from './outcome';
import {
  bulkBody,
  bulkFilterOf,
  changeSelection,
  checkedIds,
  filterKeyOf,
  pageFullyChecked,
  selectedCount,
  useBulkSelection,
} from './selection';
import type { BulkActionName, BulkConfig, BulkExtra, BulkSelection, BulkStatus } from './types';
import { useBulkUndo, useCountFormat, useRefreshAfterBulk, useShowRefusal } from './useBulkUndo';
import './bulk.css';

/** What a list needs to know to offer bulk actions. */
export interface BulkListState<T extends { id: number }> {
  /** The list's query (its filter is what "all that match" sends). */
  params: ListParams;
  /** The list's total under that filter. */
  total: number;
  /** The page's rows. */
  rows: readonly T[];
  /** The role may write the list's records (ListPage's canWrite). */
  canWrite: boolean;
}

/** The pieces a list places: the table's selection, the toolbar's menu, the banner and the dialogs. */
export interface BulkParts<T> {
  /** The table's checkbox column; undefined when the list offers no bulk action. */
  selection?: PagedSelection<T>;
  menu: ReactNode;
  banner: ReactNode;
  dialogs: ReactNode;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'confirm'; action: BulkActionName; what: string; selection: BulkSelection }
  | { kind: 'running'; action: BulkActionName; eventId: number; initial: BulkStatus }
  | { kind: 'result'; action: BulkActionName; outcome: BulkOutcome };

/**
 * Bulk actions on a list (issue 25), built once for every list: a checkbox per row and one for
 * the page, "all N that match the filter" (sent as the filter, resolved on the server), the
 * actions the list's resource supports and the role may write, a confirmation naming the count
 * (a category or a cash where the action needs one), the progress of a long run, the result
 * with the skipped records and their reasons, and the undo within its window (the result
 * dialog, then a snackbar). A new filter clears the selection; the list refetches after a run.
 */
export function useBulk<T extends { id: number }>(config: BulkConfig | undefined, list: BulkListState<T>): BulkParts<T> {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const perms = usePermissions();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const format = useCountFormat();
  const { data: meData } = useGetLoggedUserQuery();
  const me = undoUserOf(meData, perms.can);
  const [runBulk, runState] = useRunBulkMutation();
  const showRefusal = useShowRefusal();
  const enabled = config !== undefined && list.canWrite && config.actions.length > 0 && perms.can(config.resource, 'write');
  const noTags = useMemo(() => [], []);
  const refresh = useRefreshAfterBulk(config?.tags ?? noTags);

  const filter = useMemo(() => bulkFilterOf(list.params), [list.params]);
  const filterKey = useMemo(() => filterKeyOf(filter), [filter]);
  const { selection, set: setSelection, clear } = useBulkSelection(filterKey);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const menuRef = useRef<HTMLSpanElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Focus back on the menu button, or (when it is disabled now) the table's page checkbox. */
  const returnFocus = useCallback(() => {
    requestAnimationFrame(() => {
      const button = menuRef.current?.querySelector<HTMLButtonElement>('button');
      if (button && !button.disabled) {
        button.focus();
        return;
      }
      const scope = menuRef.current?.closest('section, .campaign-tab') ?? document;
      scope.querySelector<HTMLElement>('thead input[type="checkbox"], tbody input[type="checkbox"]')?.focus();
    });
  }, []);

  const undo = useBulkUndo({ tags: config?.tags ?? noTags, recordLink: config?.recordLink, onClosed: returnFocus });

  const pageIds = useMemo(() => list.rows.map((r) => r.id), [list.rows]);
  const count = selectedCount(selection, list.total);

  const what = (chosen: BulkSelection) => {
    if (!config) return '';
    const n = selectedCount(chosen, list.total);
    const phrase = t(config.noun, { count: n, n: format(n) });
    return chosen.kind === 'filter' ? t('bulk.what_all', { what: phrase }) : phrase;
  };

  const finish = (action: BulkActionName, outcome: BulkOutcome) => {
    refresh();
    setPhase({ kind: 'result', action, outcome });
  };

  const run = async (action: BulkActionName, chosen: BulkSelection, extra: BulkExtra) => {
    if (!config) return;
    let answer;
    try {
      answer = await runBulk({ path: config.path, body: bulkBody(chosen, filter, action, extra) }).unwrap();
    } catch (error) {
      showRefusal(error);
      // A 409 is shown now: the dialog that asked stays without showing it again.
      throw errorWithoutStatus(error);
    }
    clear();
    if (answer.state === 'running') {
      setPhase({
        kind: 'running',
        action,
        eventId: answer.event_id,
        initial: {
          state: 'running',
          total: answer.total,
          done: answer.done,
          unchanged: answer.unchanged ?? 0,
          skipped_count: answer.skipped_count ?? answer.skipped?.length ?? 0,
          skipped: [],
          undo_until: null,
          undone_by_event: null,
        },
      });
    } else {
      finish(action, outcomeOfAnswer(answer));
    }
  };

  const closeResult = (action: BulkActionName, outcome: BulkOutcome) => {
    setPhase({ kind: 'idle' });
    returnFocus();
    if (!outcome.undoUntil || !mayUndo(outcome, me?.id ?? null, me, Date.now())) return;
    // The rest of the window, with Undo; from another screen it opens the event in the log.
    const left = Date.parse(outcome.undoUntil) - Date.now();
    snackbar.success(t('bulk.done_snackbar', { action: t(actionLabelKey(action)), n: format(outcome.done) }), left, {
      label: t('bulk.undo'),
      onClick: () => {
        if (mounted.current) undo.start(outcome.eventId);
        else navigate(eventPath(outcome.eventId));
      },
    });
  };

  const onRunFinished = useCallback(
    (action: BulkActionName, eventId: number) => (status: BulkStatus) => {
      refresh();
      setPhase({ kind: 'result', action, outcome: outcomeOfStatus(eventId, status) });
    },
    [refresh],
  );

  if (!enabled || !config) return { menu: null, banner: null, dialogs: null };

  const selectionProp: PagedSelection<T> = {
    chosenIds: checkedIds(selection, pageIds),
    onPageChange: (added, removedIds) => setSelection(changeSelection(selection, pageIds, added.map((r) => r.id), removedIds)),
    pageOnly: true,
    labelField: config.labelField,
  };
  const pageChecked = pageFullyChecked(selection, pageIds);

  const menu = (
    <BulkMenu
      actions={config.actions}
      count={count}
      countText={format(count)}
      busy={runState.isLoading || phase.kind === 'running' || undo.busy}
      compact={narrow}
      buttonRef={menuRef}
      onChoose={(action) => setPhase({ kind: 'confirm', action, what: what(selection), selection })}
    />
  );

  const banner = (
    <BulkBanner
      selection={selection}
      total={list.total}
      pageIds={pageIds}
      pageChecked={pageChecked}
      narrow={narrow}
      format={format}
      onSelectPage={() => setSelection(changeSelection(selection, pageIds, pageIds, []))}
      onSelectAll={() => setSelection({ kind: 'filter' })}
      onClear={clear}
    />
  );

  const cancel = () => {
    setPhase({ kind: 'idle' });
    returnFocus();
  };

  const dialogs = (
    <>
      {phase.kind === 'confirm' &&
        (phase.action === 'cash' ? (
          <BulkCashDialog
            visible
            what={phase.what}
            onConfirm={(extra) => run(phase.action, phase.selection, extra)}
            onHide={cancel}
          />
        ) : (
          <BulkConfirmDialog
            visible
            action={phase.action}
            what={phase.what}
            onConfirm={(extra) => run(phase.action, phase.selection, extra)}
            onHide={cancel}
          />
        ))}
      {phase.kind === 'running' && (
        <BulkProgressDialog
          key={phase.eventId}
          eventId={phase.eventId}
          title="bulk.progress_title"
          initial={phase.initial}
          format={format}
          onFinished={onRunFinished(phase.action, phase.eventId)}
          onHide={() => {
            setPhase({ kind: 'idle' });
            returnFocus();
            snackbar.success(t('bulk.progress_note'), undefined, { label: t('bulk.open_event'), to: eventPath(phase.eventId) });
          }}
        />
      )}
      {phase.kind === 'result' && (
        <ResultStep
          outcome={phase.outcome}
          action={phase.action}
          config={config}
          me={me}
          canOpenLog={perms.can('activity')}
          format={format}
          onUndo={() => {
            setPhase({ kind: 'idle' });
            undo.start(phase.outcome.eventId);
          }}
          onHide={() => closeResult(phase.action, phase.outcome)}
        />
      )}
      {undo.dialogs}
    </>
  );

  return { selection: selectionProp, menu, banner, dialogs };
}

/** The same failure without its status, so a form dialog does not show a 409 a second time. */
function errorWithoutStatus(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 409) {
    return new Error('bulk action refused');
  }
  return error;
}
