import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedColumn, PagingState } from '../../shared/list/PagedTable';
import { IconButton } from '../../shared/ui/IconButton';
import { ActivityEventDialog } from './ActivityEventDialog';
import { actionLabel, actorLabel, changeSummary, formatEventTime } from './format';
import type { ActivityEvent } from './types';

/** A record's history pages as the activity log's (spec §9): 10, 20, 30 or 50 rows. */
export const HISTORY_PAGE_SIZES = [10, 20, 30, 50];

const NEWEST_FIRST = { field: 'at', order: 'desc' } as const;

/** A history table's paging: the server's order (newest first) only, the page and its size. */
export function useHistoryPaging(): PagingState & { page: number; perPage: number } {
  const [paging, setPaging] = useState({ first: 0, rows: HISTORY_PAGE_SIZES[0] });
  return {
    first: paging.first,
    rows: paging.rows,
    page: Math.floor(paging.first / paging.rows) + 1,
    perPage: paging.rows,
    rowsPerPageOptions: HISTORY_PAGE_SIZES,
    sort: NEWEST_FIRST,
    // A new page size starts from page 1.
    onPage: (e) => setPaging((p) => ({ rows: e.rows, first: e.rows === p.rows ? e.first : 0 })),
    onSort: () => undefined,
  };
}

/** The columns of a record's events: when (local time), who, what, and the changes in short. */
export function useEventColumns<T extends ActivityEvent>(): PagedColumn<T>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => [
      {
        field: 'at',
        header: 'activity.at',
        width: '12rem',
        body: (e: T) => <span className="nowrap">{formatEventTime(e.at, language)}</span>,
      },
      {
        field: 'actor',
        header: 'activity.user',
        width: '10rem',
        body: (e: T) => (
          <span className={e.actor.kind === 'user' ? undefined : `activity-actor activity-actor--${e.actor.kind}`}>
            {actorLabel(e, t)}
          </span>
        ),
      },
      { field: 'action', header: 'activity.action', width: '8rem', body: (e: T) => actionLabel(e.action, t) },
      {
        field: 'changes',
        header: 'activity.changes',
        width: '16rem',
        body: (e: T) => <span className="cell-clamp">{changeSummary(e, language, t)}</span>,
      },
    ],
    [language, t],
  );
}

/** The event dialog of a history table, and the row button that opens it. */
export function useEventDetails<T extends ActivityEvent>(onReverted?: (event: ActivityEvent) => void) {
  const { t } = useTranslation();
  // The event stays set while the dialog animates out.
  const [details, setDetails] = useState<{ event: T | null; visible: boolean }>({ event: null, visible: false });
  const action = (event: T): ReactNode => (
    <IconButton icon="pi pi-eye" label={t('activity.details')} onClick={() => setDetails({ event, visible: true })} />
  );
  const dialog = (
    <ActivityEventDialog
      event={details.event}
      visible={details.visible}
      onHide={() => setDetails((d) => ({ ...d, visible: false }))}
      onReverted={onReverted}
    />
  );
  return { action, dialog };
}
