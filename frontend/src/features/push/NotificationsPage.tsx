import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCanWrite } from '../../shared/auth/permissions';
import { deliveryPath } from '../../shared/errors/apiError';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { formatDateTime } from '../../shared/notifications/format';
import { useListNotificationsQuery, usePushStatusQuery } from './api';
import { FiguresCell } from './DeliveryFigures';
import { NotificationFormDialog } from './NotificationFormDialog';
import type { PushNotification } from './types';
import './push.css';


function CreatedAt({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} className="nowrap">
      {formatDateTime(value, i18n.language)}
    </time>
  );
}

const columns: ListColumn<PushNotification>[] = [
  { field: 'created_at', header: 'push.created_at', width: '10rem', body: (n) => <CreatedAt value={n.created_at} /> },
  { field: 'subject', header: 'push.subject', filter: true, pinned: true, width: '13rem' },
  {
    field: 'notification_text',
    header: 'push.notification_text',
    filter: true,
    width: '15rem',
    body: (n) => (
      <span className="cell-clamp" title={n.notification_text}>
        {n.notification_text}
      </span>
    ),
  },
  {
    field: 'category_names',
    header: 'push.categories',
    filter: true,
    width: '12rem',
    body: (n) => <span className="cell-clamp">{n.category_names}</span>,
  },
  { field: 'sent_by', header: 'push.sent_by', filter: true, width: '10rem', body: (n) => n.sent_by ?? '—' },
  { field: 'devices', header: 'push.delivery', width: '11rem', body: (n) => <FiguresCell figures={n} /> },
];

/** Says, above the list, that the server has no push credentials: notifications are saved, not sent. */
export function PushNotConfigured() {
  const { t } = useTranslation();
  const { data } = usePushStatusQuery();
  if (data?.push_configured !== false) return null;
  return <Message severity="warn" className="push-not-configured" text={t('push.not_configured')} />;
}

/**
 * Spec §2 "Push notifications": the generic list of what was sent, newest first, with each
 * notification's delivery figures and a way into its delivery view; an add dialog, no edit and
 * no delete. Roles that only read see no add button.
 */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const canSend = useCanWrite('notifications');

  const actions: RowAction<PushNotification>[] = [
    {
      key: 'delivery',
      icon: 'pi pi-send',
      label: 'push.view_delivery',
      onClick: (n) => navigate(deliveryPath(n.id)),
    },
  ];

  return (
    <ListPage<PushNotification>
      title="push.title"
      viewList="notifications"
      columns={columns}
      defaultSort={{ field: 'created_at', order: 'desc' }}
      useList={useListNotificationsQuery}
      rowLabel={(n) => n.subject}
      rowActions={actions}
      renderForm={(props) => <NotificationFormDialog {...props} />}
      editable={false}
      canAdd={canSend}
      notice={<PushNotConfigured />}
      linkFilters={[{ field: 'id', label: 'table.link_filter_id' }]}
    />
  );
}
