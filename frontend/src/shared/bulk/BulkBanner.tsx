import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { BULK_LIMIT } from './selection';
import type { BulkSelection } from './types';

interface BulkBannerProps {
  selection: BulkSelection;
  /** The list's total under its filter. */
  total: number;
  /** The ids of the page shown. */
  pageIds: readonly number[];
  /** Every row of the page is checked. */
  pageChecked: boolean;
  /** On a phone the table has no header checkbox: the banner offers the page. */
  narrow: boolean;
  format: (value: number) => string;
  onSelectPage: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}

/**
 * Above the table while rows are selected: how many, and after the whole page is checked the
 * offer to select all the filter matches (the selection is then the filter, resolved on the
 * server). Its buttons wrap on a phone.
 */
export function BulkBanner({ selection, total, pageIds, pageChecked, narrow, format, onSelectPage, onSelectAll, onClear }: BulkBannerProps) {
  const { t } = useTranslation();
  const count = selection.kind === 'filter' ? total : selection.ids.size;
  if (count === 0 && !(narrow && pageIds.length > 0)) return null;

  let text = '';
  let offerAll = false;
  if (selection.kind === 'filter') {
    text = t('bulk.all_selected', { n: format(total) });
  } else if (count > 0) {
    text =
      pageChecked && count === pageIds.length ? t('bulk.page_selected', { n: format(count) }) : t('bulk.selected', { count, n: format(count) });
    offerAll = pageChecked && total > count;
  }
  const overLimit = offerAll && total > BULK_LIMIT;

  return (
    <div className="bulk-banner" data-testid="bulk-banner">
      <p className="bulk-banner__text" role="status" aria-live="polite">
        {text}
        {overLimit && <span className="bulk-banner__limit"> {t('bulk.over_limit', { n: format(BULK_LIMIT) })}</span>}
      </p>
      <div className="bulk-banner__buttons">
        {narrow && !pageChecked && pageIds.length > 0 && (
          <Button type="button" label={t('bulk.select_page')} icon="pi pi-check-square" text size="small" onClick={onSelectPage} />
        )}
        {offerAll && !overLimit && (
          <Button
            type="button"
            label={t('bulk.select_all', { n: format(total) })}
            text
            size="small"
            onClick={onSelectAll}
            data-testid="bulk-select-all"
          />
        )}
        {count > 0 && <Button type="button" label={t('bulk.clear')} icon="pi pi-times" text size="small" onClick={onClear} />}
      </div>
    </div>
  );
}
