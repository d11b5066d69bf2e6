import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectSession } from '../../shared/auth/authSlice';

interface HomeCard {
  key: 'partners' | 'sliders' | 'campaigns' | 'products' | 'notifications' | 'settings';
  icon: string;
  /** Set once the screen exists; the others show disabled. */
  to?: string;
}

const cards: HomeCard[] = [
  { key: 'partners', icon: 'pi pi-briefcase', to: '/partners' },
  { key: 'sliders', icon: 'pi pi-images' },
  { key: 'campaigns', icon: 'pi pi-megaphone' },
  { key: 'products', icon: 'pi pi-box', to: '/products' },
  { key: 'notifications', icon: 'pi pi-bell' },
  { key: 'settings', icon: 'pi pi-cog', to: '/users' },
];

/** The six-card grid of spec §1. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSelector(selectSession);

  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title" className="page-title">
        {t('home.welcome', { name: session?.username ?? '' })}
      </h1>
      <p className="page-intro">{t('home.intro')}</p>
      <ul className="home__grid">
        {cards.map((card) => {
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
                <div className="home-card home-card--disabled" aria-disabled="true" data-card={card.key}>
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
