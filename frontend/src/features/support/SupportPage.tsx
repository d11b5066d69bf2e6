import { useCanWrite } from '../../shared/auth/permissions';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn } from '../../shared/list/types';
import { useMarkSupportSeenMutation } from '../../shared/notifications/api';
import { formatDateTime } from '../../shared/notifications/format';
import { useListSupportMessagesQuery, useToggleSupportMessageMutation } from './api';
import type { SupportMessage } from './types';
import './support.css';

function CreatedAt({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} className="support-date">
      {formatDateTime(value, i18n.language)}
    </time>
  );
}

const columns: ListColumn<SupportMessage>[] = [
  { field: 'created_at', header: 'support.created_at', width: '11rem', body: (m) => <CreatedAt value={m.created_at} /> },
  { field: 'type_name', header: 'support.type_name', filter: true, width: '10rem' },
  {
    field: 'message_content',
    header: 'support.message_content',
    filter: true,
    body: (m) => (
      <span className="support-message" title={m.message_content}>
        {m.message_content}
      </span>
    ),
  },
  { field: 'partner_name', header: 'support.partner_name', filter: true },
];

/**
 * Spec §2 "Customer support": the generic list without add or edit (delete/restore only), newest
 * first. Opening it marks every active message as seen, which empties the app bar's count.
 */
export default function SupportPage() {
  const canWrite = useCanWrite('customerSupport');
  const [markSeen] = useMarkSupportSeenMutation();
  useEffect(() => {
    void markSeen();
  }, [markSeen]);

  return (
    <ListPage<SupportMessage>
      title="support.title"
      viewList="customerSupport"
      columns={columns}
      defaultSort={{ field: 'created_at', order: 'desc' }}
      useList={useListSupportMessagesQuery}
      canWrite={canWrite}
      useToggle={useToggleSupportMessageMutation}
      rowLabel={(m) => `${m.type_name} — ${m.partner_name}`}
    />
  );
}
