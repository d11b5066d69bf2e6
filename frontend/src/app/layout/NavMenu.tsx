import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

interface NavItem {
  key: string;
  icon: string;
  to?: string;
  end?: boolean;
}

const items: NavItem[] = [
  { key: 'home', icon: 'pi pi-home', to: '/', end: true },
  { key: 'partners', icon: 'pi pi-briefcase' },
  { key: 'sliders', icon: 'pi pi-images' },
  { key: 'campaigns', icon: 'pi pi-megaphone' },
  { key: 'products', icon: 'pi pi-box' },
  { key: 'notifications', icon: 'pi pi-bell' },
  { key: 'users', icon: 'pi pi-users', to: '/users' },
];

/** The drawer's links; sections of later issues show disabled. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('app.main_navigation')} className="nav-menu">
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.to ? (
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) => `nav-menu__link${isActive ? ' nav-menu__link--active' : ''}`}
              >
                <i className={item.icon} aria-hidden />
                <span>{t(`nav.${item.key}`)}</span>
              </NavLink>
            ) : (
              <span className="nav-menu__link nav-menu__link--disabled" aria-disabled="true">
                <i className={item.icon} aria-hidden />
                <span>{t(`nav.${item.key}`)}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
