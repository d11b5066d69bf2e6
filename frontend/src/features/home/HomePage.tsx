import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectSession } from '../../shared/auth/authSlice';
import { screenResource, usePermissions } from '../../shared/auth/permissions';
import HomeFigures from './figures/HomeFigures';
import './home.css';

interface HomeCard {
  key: 'partners' | 'sliders' | 'campaigns' | 'products' | 'notifications' | 'settings' | 'activity';
  icon: string;
  /** Set once the screen exists; the others show disabled, with the reason (home.soon.<key>). */
  to?: string;
}

const cards: HomeCard[] = [
  { key: 'partners', icon: 'pi pi-briefcase', to: '/partners' },
  { key: 'sliders', icon: 'pi pi-images', to: '/sliders' },
  { key: 'campaigns', icon: 'pi pi-megaphone', to: '/campaigns' },
  { key: 'products', icon: 'pi pi-box', to: '/products' },
  { key: 'notifications', icon: 'pi pi-bell', to: '/notifications' },
  { key: 'settings', icon: 'pi pi-cog', to: '/users' },
  // Issue 21: only for the roles that may read the log (the card is left out otherwise).
  { key: 'activity', icon: 'pi pi-history', to: '/activity' },
];

/**
 * Where the Settings card leads: the user list (spec §1), else the first settings screen the
 * role may open (ADR 0029).
 */
const SETTINGS_SCREENS = ['/users', '/countries', '/cities', '/categories', '/stores'];

/** The template pages of spec §2, below the six cards: an overview, the store map and the style page. */
const pages = [
  { key: 'overview', icon: 'pi pi-chart-bar', to: '/table-list' },
  { key: 'maps', icon: 'pi pi-map', to: '/maps' },
  { key: 'typography', icon: 'pi pi-palette', to: '/typography' },
  { key: 'icons', icon: 'pi pi-th-large', to: '/icons' },
] as const;

/** The six-card grid of spec §1, and links to the template pages. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSelector(selectSession);
  const perms = usePermissions();
  const opens = (to: string) => {
    const resource = screenResource(to);
    return !resource || perms.failed || perms.can(resource);
  };
  const shownCards = cards
    .map((card) => (card.key === 'settings' ? { ...card, to: SETTINGS_SCREENS.find(opens) } : card))
    .filter((card) => card.to && opens(card.to));
  const shownPages = pages.filter((p) => opens(p.to));

  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title" className="page-title">
        {t('home.welcome', { name: session?.username ?? '' })}
      </h1>
      <p className="page-intro">{t('home.intro')}</p>
      <ul className="home__grid">
        {shownCards.map((card) => {
          const content = (
            <>
              <span className={`home-card__icon home-card__icon--${card.key}`} aria-hidden>
                <i className={card.icon} />
              </span>
              <span className="home-card__title">{t(`nav.${card.key}`)}</span>
              <span className="home-card__text">{t(`home.cards.${card.key}`)}</span>
            </>
          );
          return (
            <li key={card.key}>
              {card.to ? (
                <Link to={card.to} className="home-card" data-card={card.key}>
                  {content}
                  <i className="pi pi-arrow-right home-card__arrow" aria-hidden />
                </Link>
              ) : (
                <div
                  className="home-card home-card--disabled home-card--soon"
                  aria-disabled="true"
                  data-card={card.key}
                >
                  {content}
                  <span className="home-card__reason" data-reason={card.key}>
                    <i className="pi pi-clock" aria-hidden /> {t(`home.soon.${card.key}`)}
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>

      <HomeFigures />

      <h2 className="home__more-title" id="home-more-title">
        {t('home.more.title')}
      </h2>
      <ul className="home__more" aria-labelledby="home-more-title">
        {shownPages.map((p) => (
          <li key={p.key}>
            <Link to={p.to} className="home-link" data-page={p.key}>
              <i className={`${p.icon} home-link__icon`} aria-hidden />
              <span className="home-link__text">
                <span className="home-link__title">{t(`home.more.${p.key}`)}</span>
                <span className="home-link__hint">{t(`home.more.${p.key}_hint`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
