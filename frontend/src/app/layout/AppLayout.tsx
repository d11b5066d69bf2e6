import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../features/auth/api';
import { loggedOut, selectSession } from '../../shared/auth/authSlice';
import { screenResource, usePermissions } from '../../shared/auth/permissions';
import { clearAuth } from '../../shared/auth/storage';
import { RecordTabsContext } from '../../shared/form/recordTabs';
import { NotificationBell } from '../../shared/notifications/NotificationBell';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { PageLoader } from '../../shared/ui/PageLoader';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery';
import { RequireEnrolled } from '../enrolmentGuards';
import { LazyRecordTabs } from '../recordTabs';
import { prefetchWhenIdle } from './prefetchWhenIdle';
import { NavMenu } from './NavMenu';
import { NotAllowed } from './NotAllowed';
import { focusScreenHeading, useHeadingFocus } from './useHeadingFocus';

/**
 * Below this width the drawer is not docked beside the content (it would squeeze the lists'
 * actions off screen) but opens over it from the app bar's menu button.
 */
const COMPACT_NAV_QUERY = '(max-width: 1023px)';

/**
 * The route guard of ADR 0029: a screen the role may not read shows "not allowed" instead of
 * loading and meeting 403s; until the profile answer is in, such a screen waits for it.
 */
function GuardedOutlet() {
  const { pathname } = useLocation();
  const perms = usePermissions();
  const resource = screenResource(pathname);
  if (resource && !perms.failed) {
    if (!perms.ready) return <PageLoader />;
    if (!perms.can(resource)) return <NotAllowed />;
  }
  return <Outlet />;
}

/**
 * App bar and drawer around every authenticated screen; the drawer collapses under 1,024 px. An
 * account held at two-factor enrolment is sent to that screen instead (issue 23).
 */
export default function AppLayout() {
  return (
    <RequireEnrolled>
      <Layout />
    </RequireEnrolled>
  );
}

function Layout() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const narrow = useMediaQuery(MOBILE_QUERY);
  const compactNav = useMediaQuery(COMPACT_NAV_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  // After sign-in, the other screens' code loads while the user reads this one (ADR 0030).
  useEffect(() => prefetchWhenIdle(), []);

  const skipToContent = (event: React.MouseEvent<HTMLAnchorElement>) => {
    // Focus rather than the browser's jump to #main-content, which the router would take for a navigation.
    event.preventDefault();
    focusScreenHeading(main.current);
  };

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearAuth();
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };

  return (
    // The edit dialogs' History and Timeline tabs, for every screen behind sign-in.
    <RecordTabsContext.Provider value={LazyRecordTabs}>
      <div className="layout">
        <a href="#main-content" className="skip-link" onClick={skipToContent}>
          {t('app.skip_to_content')}
        </a>
        <header className="topbar">
          {compactNav && (
            <Button
              type="button"
              icon="pi pi-bars"
              rounded
              text
              className="topbar__menu"
              aria-label={t('app.menu')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <Link to="/" className="topbar__brand">
            <span className="brand-mark" aria-hidden>
              V
            </span>
            <span className="topbar__title">{t('app.title')}</span>
          </Link>
          <div className="topbar__spacer" />
          <LanguageSwitch className="topbar__language" />
          <NotificationBell />
          <Link
            to="/user-profile"
            className="topbar__profile"
            aria-label={session ? `${session.username} — ${t('app.profile')}` : t('app.profile')}
            title={t('app.profile')}
          >
            <i className="pi pi-user" aria-hidden />
            {!narrow && <span>{session?.username}</span>}
          </Link>
          <Button
            type="button"
            icon="pi pi-sign-out"
            rounded
            text
            className="topbar__logout"
            aria-label={t('app.logout')}
            title={t('app.logout')}
            loading={loggingOut}
            onClick={() => {
              void onLogout();
            }}
          />
        </header>

        <div className="layout__body">
          {!compactNav && (
            <aside className="drawer">
              <NavMenu />
            </aside>
          )}
          {compactNav && (
            <Sidebar
              visible={drawerOpen}
              onHide={() => setDrawerOpen(false)}
              className="drawer-mobile"
              header={<span className="drawer-mobile__title">{t('app.title')}</span>}
              closeIcon="pi pi-times"
              aria-label={t('app.main_navigation')}
            >
              <NavMenu onNavigate={() => setDrawerOpen(false)} />
            </Sidebar>
          )}
          <main className="content" id="main-content" ref={main} tabIndex={-1}>
            <Suspense fallback={<PageLoader />}>
              <GuardedOutlet />
            </Suspense>
          </main>
        </div>
      </div>
    </RecordTabsContext.Provider>
  );
}
