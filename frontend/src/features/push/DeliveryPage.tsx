import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { MAX_FILTER_LENGTH } from '../../shared/api/list';
import { COUNT, useAmountFormat } from '../../shared/format/amount';
import { FilterButtons } from '../../shared/list/FilterButtons';
import { PagedTable } from '../../shared/list/PagedTable';
import { PAGE_SIZES } from '../../shared/list/types';
import { useTableState } from '../../shared/list/useTableState';
import { formatDateTime } from '../../shared/notifications/format';
import { PageLoader } from '../../shared/ui/PageLoader';
import { DROPDOWN_PT } from '../../shared/ui/passThrough';
import { useDeliveriesQuery, useGetNotificationQuery, usePushStatusQuery } from './api';
import { DeliveryFigures } from './DeliveryFigures';
import { DELIVERY_STATES, type Delivery, type DeliveryState } from './types';
import './push.css';

/** While anything is pending the view asks again this often (ms), and stops when nothing is. */
export const DELIVERY_POLL_MS = 2000;

const ALL = 'all';
type StateFilter = DeliveryState | typeof ALL;

const STATE_SEVERITY: Record<DeliveryState, 'success' | 'danger' | 'warning' | undefined> = {
  delivered: 'success',
  failed: 'danger',
  pending: 'warning',
  not_configured: undefined,
};

function StateChip({ state }: { state: DeliveryState }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(`push.state.${state}`)}
      severity={STATE_SEVERITY[state]}
      rounded
      className={state === 'not_configured' ? 'list-chip chip-muted' : 'list-chip'}
    />
  );
}

/**
 * A notification's delivery (issue 13): its figures with a progress bar, and its deliveries —
 * partner, platform, state, the provider's reason, attempts, last attempt — the failed ones
 * first shown. While deliveries are pending it follows them every 2 s and stops when none is.
 */
export default function DeliveryPage() {
  const { t, i18n } = useTranslation();
  const format = useAmountFormat();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [polling, setPolling] = useState(true);
  const interval = polling ? DELIVERY_POLL_MS : 0;
  const { data: notification, isLoading, isError } = useGetNotificationQuery(id, {
    skip: !valid,
    pollingInterval: interval,
    refetchOnMountOrArgChange: true,
  });
  // Follow while pending; a notification that has finished stops every poll (the table's too).
  const pending = notification ? notification.pending > 0 : true;
  if (notification && polling !== pending) setPolling(pending);
  const { data: status } = usePushStatusQuery();

  const table = useTableState({
    filterFields: ['partner_name'],
    defaultSort: { field: 'updated_at', order: 'desc' },
    pageSizes: PAGE_SIZES,
  });
  // The failed deliveries first when there are any; otherwise every device (a notification that
  // all went out, or was not sent at all, would open on an empty table). The user's choice wins.
  const [chosen, setState] = useState<StateFilter | null>(null);
  const state: StateFilter = chosen ?? (notification && notification.failed === 0 ? ALL : 'failed');
  const deliveries = useDeliveriesQuery(
    { notificationId: id, params: table.params, state: state === ALL ? undefined : state },
    { skip: !valid || !notification, pollingInterval: interval, refetchOnMountOrArgChange: true },
  );

  // The last poll of the table may have gone out just before the last delivery was recorded:
  // once nothing is pending, the table asks once more.
  const loadedPending = notification ? notification.pending > 0 : undefined;
  const wasPending = useRef(false);
  const { refetch: refetchDeliveries } = deliveries;
  useEffect(() => {
    if (loadedPending === undefined) return;
    if (wasPending.current && !loadedPending && valid) void refetchDeliveries();
    wasPending.current = loadedPending;
  }, [loadedPending, refetchDeliveries, valid]);

  const back = (
    <Link to="/notifications" className="back-link">
      <i className="pi pi-arrow-left" aria-hidden /> {t('push.back')}
    </Link>
  );

  if (!valid || isError) {
    return (
      <section className="push-delivery" aria-labelledby="push-delivery-title">
        {back}
        <h1 id="push-delivery-title" className="page-title">
          {t('push.delivery_title')}
        </h1>
        <Message severity="error" text={t('push.not_found')} />
      </section>
    );
  }
  if (isLoading || !notification) return <PageLoader />;

  const n = (value: number) => format(value, COUNT);

  const search = () => {
    if (!table.search()) void deliveries.refetch();
  };
  const clear = () => {
    if (!table.clearFilters()) void deliveries.refetch();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      search();
    }
  };
  const stateOptions = [
    { label: t('push.state_all'), value: ALL },
    ...DELIVERY_STATES.map((s) => ({ label: t(`push.state.${s}`), value: s })),
  ];


  const rows = deliveries.isError ? [] : (deliveries.data?.items ?? []);

  return (
    <section className="push-delivery" aria-labelledby="push-delivery-title">
      {back}
      <header className="push-delivery__header">
        <h1 id="push-delivery-title" className="page-title">
          {notification.subject}
        </h1>
        <p className="push-delivery__text">{notification.notification_text}</p>
        <dl className="push-delivery__meta">
          <div>
            <dt>{t('push.created_at')}</dt>
            <dd>
              <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, i18n.language)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('push.sent_by')}</dt>
            <dd>{notification.sent_by ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('push.categories')}</dt>
            <dd>{notification.category_names}</dd>
          </div>
          {notification.slider_id !== null && (
            <div>
              <dt>{t('push.slider')}</dt>
              <dd>#{n(notification.slider_id)}</dd>
            </div>
          )}
        </dl>
      </header>

      {status?.push_configured === false && (
        <Message severity="warn" className="push-not-configured" text={t('push.not_configured')} />
      )}

      <DeliveryFigures figures={notification} />

      <section className="push-deliveries" aria-labelledby="push-deliveries-title">
        <h2 id="push-deliveries-title" className="push-section-title">
          {t('push.deliveries')}
        </h2>
        <div className="push-deliveries__filters">
          <Dropdown
            value={state}
            options={stateOptions}
            onChange={(e) => {
              setState(e.value as StateFilter);
              table.search();
            }}
            ariaLabel={t('push.state_filter')}
            aria-label={t('push.state_filter')}
            pt={{ ...DROPDOWN_PT, select: { 'aria-label': t('push.state_filter') } }}
            className="push-deliveries__state"
          />
          <InputText
            value={table.draft.partner_name ?? ''}
            onChange={(e) => table.setDraftField('partner_name', e.target.value)}
            maxLength={MAX_FILTER_LENGTH}
            onKeyDown={onKeyDown}
            placeholder={t('push.partner_filter')}
            aria-label={t('push.partner_filter')}
            className="push-deliveries__name"
          />
          <FilterButtons onSearch={search} onClear={clear} />
        </div>
        <PagedTable<Delivery>
          columns={[
            { field: 'partner_name', header: 'push.partner', sortable: true },
            {
              field: 'platform',
              header: 'push.platform',
              sortable: true,
              body: (d) => t(`push.platforms.${d.platform}`, { defaultValue: d.platform }),
            },
            { field: 'state', header: 'push.state_column', sortable: true, body: (d) => <StateChip state={d.state} /> },
            { field: 'reason', header: 'push.reason', body: (d) => d.reason || '—' },
            {
              field: 'attempts',
              header: 'push.attempts',
              sortable: true,
              align: 'right',
              body: (d) => <span className="figure">{n(d.attempts)}</span>,
            },
            {
              field: 'updated_at',
              header: 'push.last_attempt',
              sortable: true,
              body: (d) => (
                <time dateTime={d.updated_at} className="nowrap">
                  {formatDateTime(d.updated_at, i18n.language)}
                </time>
              ),
            },
          ]}
          rows={rows}
          table={table}
          total={deliveries.data?.total ?? 0}
          // A poll does not dim the rows; an empty table says it is loading.
          isFetching={deliveries.isFetching && rows.length === 0}
          isError={deliveries.isError}
          refetch={deliveries.refetch}
          filterRow={false}
          // No rows, no pages: an empty table shows only its message (a disabled size select would be grey on white).
          hidePaginatorWhenEmpty
          card
          className="push-deliveries__table"
        />
      </section>
    </section>
  );
}
