import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** The search and clear buttons beside a table's filters. */
export function FilterButtons({ onSearch, onClear }: { onSearch: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="list-filter__buttons">
      <Button
        type="button"
        icon="pi pi-search"
        rounded
        text
        aria-label={t('table.search')}
        title={t('table.search')}
        onClick={onSearch}
      />
      <Button
        type="button"
        icon="pi pi-filter-slash"
        rounded
        text
        severity="secondary"
        aria-label={t('table.clear')}
        title={t('table.clear')}
        onClick={onClear}
      />
    </div>
  );
}
