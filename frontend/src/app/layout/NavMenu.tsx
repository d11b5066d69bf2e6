import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { screenResource, usePermissions } from '../../shared/auth/permissions';
import { prefetchScreen } from '../prefetch';

interface NavItem {
  key: string;
  /** Catalogue key of the label; `nav.<key>` when omitted. */
  label?: string;
  icon: string;
  /** Set once the screen exists; the others show disabled. */
  to?: string;
  end?: boolean;
}

interface NavGroup {
  /** Catalogue key of the group's heading; the first group has none. */
  title?: string;
  items: NavItem[];
}

const groups: NavGroup[] = [
  {
    items: [
      { key: 'home', icon: 'pi pi-home', to: '/', end: true },
      { key: 'partners', icon: 'pi pi-briefcase', to: '/partners' },
      { key: 'sliders', icon: 'pi pi-images', to: '/sliders' },
      { key: 'campaigns', icon: 'pi pi-megaphone', to: '/campaigns' },
      { key: 'products', icon: 'pi pi-box', to: '/products' },
      { key: 'notifications', icon: 'pi pi-bell', to: '/notifications' },
      { key: 'customer_support', label: 'support.nav', icon: 'pi pi-comments', to: '/customerService' },
      { key: 'activity', icon: 'pi pi-history', to: '/activity' },
    ],
  },
  {
    title: 'nav.settings',
    items: [
      { key: 'users', icon: 'pi pi-users', to: '/users' },
      { key: 'countries', icon: 'pi pi-globe', to: '/countries' },
      { key: 'cities', icon: 'pi pi-building', to: '/cities' },
      { key: 'categories', icon: 'pi pi-tags', to: '/categories' },
      { key: 'stores', icon: 'pi pi-map-marker', to: '/stores' },
      { key: 'security', icon: 'pi pi-shield', to: '/settings/security' },
    ],
  },
];

/**
 * The drawer's links, the reference data grouped under Settings; only the screens the role may
 * open (ADR 0029), and a group without any is left out.
 */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const perms = usePermissions();
  const shown = (item: NavItem) => {
    const resource = item.to ? screenResource(item.to) : undefined;
    return !resource || perms.failed || perms.can(resource);
  };
  const visible = groups
    .map((group) => ({ ...group, items: group.items.filter(shown) }))
    .filter((group) => group.items.length > 0);
  return (
    <nav aria-label={t('app.main_navigation')} className="nav-menu">
      {visible.map((group, index) => {
        const headingId = group.title ? `nav-group-${index}` : undefined;
        return (
          <div key={group.title ?? index} className="nav-menu__group">
            {group.title && (
              <h2 id={headingId} className="nav-menu__heading">
                {t(group.title)}
              </h2>
            )}
            <ul aria-labelledby={headingId}>
              {group.items.map((item) => (
                <li key={item.key}>
                  {item.to ? (
                    <NavLink
                      to={item.to}
                      end={item.end}
                      onClick={onNavigate}
                      // The screen's code starts loading while the pointer or focus is on its link.
                      onMouseEnter={() => void prefetchScreen(item.to ?? '')}
                      onFocus={() => void prefetchScreen(item.to ?? '')}
                      className={({ isActive }) => `nav-menu__link${isActive ? ' nav-menu__link--active' : ''}`}
                    >
                      <i className={item.icon} aria-hidden />
                      <span>{t(item.label ?? `nav.${item.key}`)}</span>
                    </NavLink>
                  ) : (
                    <span className="nav-menu__link nav-menu__link--disabled" aria-disabled="true">
                      <i className={item.icon} aria-hidden />
                      <span>{t(item.label ?? `nav.${item.key}`)}</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
