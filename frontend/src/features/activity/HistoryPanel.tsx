import { PagedTable } from '../../shared/list/PagedTable';
import { useRecordHistoryQuery } from './api';
import { useEventColumns, useEventDetails, useHistoryPaging } from './historyTable';
import type { ActivityEvent } from './types';
import './activity.css';

/**
 * A record's History tab (issue 21): its events newest first, 10/20/30/50 a page with the
 * exact total; a row's button opens the event with its changes old → new and, for a user who
 * may write the record, its revert.
 */
export function HistoryPanel({
  resource,
  id,
  onRecordChanged,
}: {
  resource: string;
  id: number;
  /** A revert of one of the record's events went through. */
  onRecordChanged?: () => void;
}) {
  const paging = useHistoryPaging();
  const query = useRecordHistoryQuery(
    { resource, id, page: paging.page, per_page: paging.perPage },
    { refetchOnMountOrArgChange: true },
  );
  const columns = useEventColumns<ActivityEvent>();
  const details = useEventDetails<ActivityEvent>(onRecordChanged ? () => onRecordChanged() : undefined);
  return (
    <div className="record-history">
      <PagedTable<ActivityEvent>
        columns={columns}
        query={query}
        table={paging}
        label="activity.history"
        emptyText="activity.history_empty"
        paginator="short"
        actions={details.action}
        actionsWidth="4.5rem"
        minWidth="44rem"
      />
      {details.dialog}
    </div>
  );
}
