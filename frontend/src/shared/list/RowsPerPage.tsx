import { Dropdown } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PT } from '../ui/passThrough';

/** The paginator's page-size select, named for screen readers (its hidden select too). */
export function RowsPerPage({ options }: { options: PaginatorRowsPerPageDropdownOptions }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      value={options.value}
      options={options.options}
      onChange={options.onChange}
      appendTo={options.appendTo}
      disabled={options.disabled}
      ariaLabel={t('list.rows_per_page')}
      aria-label={t('list.rows_per_page')}
      pt={{ ...DROPDOWN_PT, select: { 'aria-label': t('list.rows_per_page') } }}
    />
  );
}

