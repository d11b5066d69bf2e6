import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

/** An address the panel does not know: said as such, with the way home (no drawer item is marked). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="page-title">
        {t('not_found.title')}
      </h1>
      <p className="page-intro">{t('not_found.text', { path: pathname })}</p>
      <Link to="/" className="p-button not-found__home">
        <i className="pi pi-home" aria-hidden />
        <span>{t('not_found.home')}</span>
      </Link>
    </section>
  );
}
