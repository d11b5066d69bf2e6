import { Tag } from 'primereact/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedColumn } from '../list/PagedTable';
import { formatDateTime } from '../notifications/format';
import { IconButton } from '../ui/IconButton';
import type { Session } from './types';
import { browserLabel } from './userAgent';

/** An agent the panel cannot read, shown as it is when it is short (a script's 'node', say). */
const shortAgent = (ua: string) => (ua.length <= 32 ? ua.trim() : '');

/** A session as a table row: the table keys rows by a number, the session's own id may be text. */
type SessionRow = Omit<Session, 'id'> & { id: number; session: Session };

interface SessionsTableProps {
  sessions: Session[] | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** Catalogue key of the table's name for screen readers. */
  label: string;
  /** Ends one session; no per-row button when omitted. The current session has none. */
  onEnd?: (session: Session) => void;
  /** A session being ended: its button waits. */
  ending?: Session['id'] | null;
}

/** The sessions of an account (issue 23): when each began and was last used, from where, in what. */
export function SessionsTable({ sessions, isFetching, isError, refetch, label, onEnd, ending }: SessionsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useMemo<SessionRow[]>(
    () => (sessions ?? []).map((session, index) => ({ ...session, id: index + 1, session })),
    [sessions],
  );
  const columns = useMemo<PagedColumn<SessionRow>[]>(
    () => [
      {
        field: 'user_agent',
        header: 'security.sessions.browser',
        width: '14rem',
        body: (row) => {
          const { browser, os } = browserLabel(row.user_agent);
          const text =
            browser && os
              ? t('security.sessions.browser_on', { browser, os })
              : (browser ?? os ?? (shortAgent(row.user_agent) || t('security.sessions.unknown_browser')));
          return (
            <span className="sessions__browser" title={row.user_agent || undefined}>
              <span>{text}</span>
              {row.current && <Tag value={t('security.sessions.current')} severity="success" rounded />}
            </span>
          );
        },
      },
      { field: 'address', header: 'security.sessions.address', width: '9rem', body: (row) => row.address || '—' },
      {
        field: 'created_at',
        header: 'security.sessions.created',
        width: '11rem',
        body: (row) => formatDateTime(row.created_at, language),
      },
      {
        field: 'last_used_at',
        header: 'security.sessions.last_used',
        width: '11rem',
        body: (row) => formatDateTime(row.last_used_at, language),
      },
    ],
    [t, language],
  );
  return (
    <PagedTable<SessionRow>
      columns={columns}
      rows={rows}
      isFetching={isFetching}
      isError={isError}
      refetch={refetch}
      label={label}
      emptyText="security.sessions.empty"
      paginator="none"
      pinned="user_agent"
      minWidth="40rem"
      className="sessions-table"
      actions={
        onEnd
          ? (row) =>
              row.current ? null : (
                <IconButton
                  icon="pi pi-sign-out"
                  label={t('security.sessions.end')}
                  severity="danger"
                  disabled={ending === row.session.id}
                  onClick={() => onEnd(row.session)}
                />
              )
          : undefined
      }
      actionsWidth="4.5rem"
    />
  );
}
