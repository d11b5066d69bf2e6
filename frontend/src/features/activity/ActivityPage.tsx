import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../shared/api/list';
import { ExcelDownloadButton } from '../../shared/excel/ExcelDownloadButton';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { useDownloadActivityExcelMutation, useGetActivityQuery, useListActivityQuery } from './api';
import { ActivityEventDialog } from './ActivityEventDialog';
import { actionLabel, actorLabel, changeSummary, formatEventTime, resourceLabel } from './format';
import { DEFAULT_SORT } from './query';
import { ACTIONS, RESOURCES, type ActivityEvent } from './types';
import './activity.css';

export const EXCEL_FILE_NAME = 'Activity.xlsx';

/** The cells that need the language: the time, the actor, the names and the summary. */
function useColumns(): ListColumn<ActivityEvent>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => [
    {
      field: 'at',
      header: 'activity.at',
      sortable: false,
      filter: true,
      filterPlaceholder: 'activity.date_filter_placeholder',
      filterHint: 'activity.date_filter_hint',
      width: '13.5rem',
      body: (e) => <span className="nowrap">{formatEventTime(e.at, language)}</span>,
    },
    {
      field: 'actor',
      header: 'activity.user',
      sortable: false,
      filter: true,
      filterPlaceholder: 'activity.text_filter_placeholder',
      filterHint: 'activity.text_filter_hint',
      width: '12rem',
      pinned: true,
      body: (e) => (
        <span className={e.actor.kind === 'user' ? undefined : `activity-actor activity-actor--${e.actor.kind}`}>
          {actorLabel(e, t)}
        </span>
      ),
    },
    {
      field: 'resource',
      header: 'activity.resource',
      sortable: false,
      filter: true,
      filterOptions: RESOURCES.map((r) => ({ value: r, label: `activity.resources.${r}` })),
      width: '10rem',
      body: (e) => resourceLabel(e.resource, t),
    },
    {
      field: 'record_id',
      header: 'activity.record_id',
      sortable: false,
      filter: true,
      filterHint: 'activity.record_filter_hint',
      align: 'right',
      width: '7rem',
      body: (e) => <span className="figure">{e.record_id ?? ''}</span>,
    },
    {
      field: 'action',
      header: 'activity.action',
      sortable: false,
      filter: true,
      filterOptions: ACTIONS.map((a) => ({ value: a, label: `activity.actions.${a}` })),
      width: '10rem',
      body: (e) => actionLabel(e.action, t),
    },
    {
      field: 'changes',
      header: 'activity.changes',
      sortable: false,
      width: '18rem',
      body: (e) => <span className="cell-clamp">{changeSummary(e, language, t)}</span>,
    },
  ], [language, t]);
}

/** The toolbar's Excel download: every event the filters select, as the server streams it. */
function ActivityExcelButton({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const [download, { isLoading }] = useDownloadActivityExcelMutation();
  return (
    <ExcelDownloadButton
      label={t('activity.excel_download')}
      fileName={EXCEL_FILE_NAME}
      download={() => download(params).unwrap()}
      loading={isLoading}
    />
  );
}

/**
 * The activity log (issue 21): the generic list of every recorded change, newest first, with
 * user/text, resource, record, action and date filters; a row opens the event with its changes
 * and, for a user who may write the record, its revert.
 */
export default function ActivityPage() {
  const columns = useColumns();
  // The event stays set while the dialog animates out.
  const [details, setDetails] = useState<{ event: ActivityEvent | null; visible: boolean }>({ event: null, visible: false });
  // `?event=<id>` opens that event (a bulk action's result dialog links here).
  const [search, setSearch] = useSearchParams();
  const linked = Number(search.get('event'));
  const linkedId = Number.isInteger(linked) && linked > 0 ? linked : null;
  const { data: linkedEvent } = useGetActivityQuery(linkedId ?? 0, { skip: linkedId === null });
  useEffect(() => {
    if (linkedEvent && linkedEvent.id === linkedId) setDetails({ event: linkedEvent, visible: true });
  }, [linkedEvent, linkedId]);
  const closeDetails = () => {
    setDetails((d) => ({ ...d, visible: false }));
    if (linkedId !== null) {
      search.delete('event');
      setSearch(search, { replace: true });
    }
  };

  const actions: RowAction<ActivityEvent>[] = [
    { key: 'details', icon: 'pi pi-eye', label: 'activity.details', onClick: (event) => setDetails({ event, visible: true }) },
  ];

  return (
    <>
      <ListPage<ActivityEvent>
        title="activity.title"
        listKey="activity"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        useList={useListActivityQuery}
        // The log is read-only as a list: reverts are the event dialog's.
        canWrite={false}
        rowLabel={(e) => `#${e.id}`}
        rowActions={actions}
        tableMinWidth="72rem"
        toolbarExtra={(params) => <ActivityExcelButton params={params} />}
      />
      <ActivityEventDialog
        event={details.event}
        visible={details.visible}
        onHide={closeDetails}
      />
    </>
  );
}
