import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH } from '../../../shared/api/list';
import type { TableState } from '../../../shared/list/useTableState';

/** A step's name search (the server filters by "contains"). */
export function StepSearch({ table, label, onSearch }: { table: TableState; label: string; onSearch: () => void }) {
  const { t } = useTranslation();
  return (
    <IconField iconPosition="left" className="composition-step__search">
      <InputIcon className="pi pi-search" />
      <InputText
        value={table.draft.name ?? ''}
        onChange={(e) => table.setDraftField('name', e.target.value)}
        maxLength={MAX_FILTER_LENGTH}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch();
          }
        }}
        placeholder={t('table.filter_placeholder')}
        aria-label={`${label} — ${t('table.filter_placeholder')}`}
      />
    </IconField>
  );
}
