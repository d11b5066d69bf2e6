import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What a screen the role may not open shows, reached by a typed or old link (ADR 0029): a
 * plain statement and the way home, not an error to retry. The server refuses the screen's
 * calls anyway.
 */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <section className="not-allowed" aria-labelledby="not-allowed-title" data-testid="not-allowed">
      <h1 id="not-allowed-title" className="page-title">
        <i className="pi pi-lock" aria-hidden /> {t('access.title')}
      </h1>
      <p className="page-intro">{t('access.text')}</p>
      <Link to="/" className="p-button p-component">
        <i className="pi pi-home" aria-hidden />
        <span className="p-button-label">{t('access.home')}</span>
      </Link>
    </section>
  );
}
