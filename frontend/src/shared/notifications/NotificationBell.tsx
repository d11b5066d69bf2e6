import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectIsAuthenticated } from '../auth/authSlice';
import { EVIDENTIONS_POLL_MS, storedEvidentions, useGetEvidentionsQuery } from './api';
import { formatDateTime } from './format';
import './notifications.css';

/** The overlay lists this many messages; the rest are counted. */
const SHOWN = 8;

export const SUPPORT_PATH = '/customerService';

/**
 * The app bar's bell: a badge with the number of unseen active customer-support messages, kept
 * live by polling while signed in; a click opens the list of them with a link to the screen.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const signedIn = useSelector(selectIsAuthenticated);
  const [stored] = useState(storedEvidentions);
  const { data } = useGetEvidentionsQuery(undefined, {
    skip: !signedIn,
    pollingInterval: EVIDENTIONS_POLL_MS,
    // The login's answer is in the cache already: a mount asks again only when it is a poll old.
    refetchOnMountOrArgChange: EVIDENTIONS_POLL_MS / 1000,
  });
  const overlay = useRef<OverlayPanel>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);

  const evidentions = data ?? stored;
  const count = evidentions.length;
  const label = t('support.bell', { n: count });

  return (
    <>
      <Button
        type="button"
        rounded
        text
        className="topbar__bell"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(e) => overlay.current?.toggle(e)}
      >
        <i className="pi pi-bell p-overlay-badge" aria-hidden>
          {count > 0 && <Badge value={count > 99 ? '99+' : String(count)} severity="danger" className="topbar__badge" />}
        </i>
      </Button>
      <OverlayPanel
        ref={overlay}
        id={panelId}
        className="bell-panel"
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
        pt={{ root: { role: 'dialog', 'aria-label': t('support.unseen_title') } }}
      >
        <div className="bell-panel__header">{t('support.unseen_title')}</div>
        {count === 0 ? (
          <p className="bell-panel__empty">{t('support.unseen_none')}</p>
        ) : (
          <ul className="bell-panel__list">
            {evidentions.slice(0, SHOWN).map((e) => (
              <li key={e.id} className="bell-panel__item">
                <div className="bell-panel__line">
                  <span className="bell-panel__type">{e.type_name}</span>
                  <time className="bell-panel__time" dateTime={e.created_at}>
                    {formatDateTime(e.created_at, i18n.language)}
                  </time>
                </div>
                <div className="bell-panel__partner">{e.partner_name}</div>
              </li>
            ))}
          </ul>
        )}
        {count > SHOWN && <p className="bell-panel__more">{t('support.more', { n: count - SHOWN })}</p>}
        <Link to={SUPPORT_PATH} className="bell-panel__all" onClick={() => overlay.current?.hide()}>
          {t('support.show_all')}
          <i className="pi pi-arrow-right" aria-hidden />
        </Link>
      </OverlayPanel>
    </>
  );
}
