import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden />
      <span className="sr-only">{t('table.loading')}</span>
    </div>
  );
}
