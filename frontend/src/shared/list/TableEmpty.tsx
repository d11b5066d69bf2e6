import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';

interface TableEmptyProps {
  loading: boolean;
  /** The list did not load: say so and offer to try again, rather than "no data". */
  error: boolean;
  /** Offers to try again after a load failure; no button when omitted. */
  onRetry?: () => void;
  /** Catalogue key of what an empty table says, instead of "no data". */
  text?: string;
}

/** What an empty table shows: loading, a load failure with a retry button, or no data (spec §2). */
export function TableEmpty({ loading, error, onRetry, text = 'table.no_data' }: TableEmptyProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="list-loading" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden />
        <span>{t('table.loading')}</span>
      </div>
    );
  }
  if (error) {
    return (
      <div className="list-error" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden />
        <span>{t('table.load_error')}</span>
        {onRetry && (
          <Button type="button" icon="pi pi-refresh" label={t('list.retry')} size="small" outlined onClick={onRetry} />
        )}
      </div>
    );
  }
  return <Message severity="info" text={t(text)} className="list-empty" />;
}
