import { Button } from 'primereact/button';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './conflict.css';

/** One field whose saved value differs from what the user typed. */
export interface ConflictRow {
  field: string;
  label: string;
  theirs: string;
  mine: string;
  /** The form holds the user's value again. */
  usingMine: boolean;
}

interface ConflictPanelProps {
  /** The fields both saves changed, differently. */
  rows: ConflictRow[];
  /** The user's own changes that the other save did not touch stay in the form. */
  keptMine?: boolean;
  onUseMine: (field: string) => void;
  onUseAllMine: () => void;
}

/**
 * What a stale save shows at the top of its dialog (ADR 0011): the form now holds the values
 * saved meanwhile with the user's own changes kept; each field both changed lists the saved
 * value beside the user's, and the user takes back theirs per field or all at once, then saves
 * again. Fields the user never touched are not the user's and are not listed (issue 20).
 */
export function ConflictPanel({ rows, keptMine = false, onUseMine, onUseAllMine }: ConflictPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const pending = rows.filter((r) => !r.usingMine);
  return (
    <section ref={ref} className="conflict-panel" role="region" aria-labelledby={titleId} tabIndex={-1}>
      <h3 id={titleId} className="conflict-panel__title" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('conflict.title')}
      </h3>
      <p className="conflict-panel__hint">
        {rows.length > 0 ? t('conflict.hint') : keptMine ? t('conflict.hint_kept') : t('conflict.hint_same')}
      </p>
      {rows.length > 0 && (
        <ul className="conflict-panel__rows">
          {rows.map((row) => (
            <li key={row.field} className="conflict-panel__row">
              <span className="conflict-panel__label">{row.label}</span>
              <dl className="conflict-panel__values">
                <div>
                  <dt>{t('conflict.theirs')}</dt>
                  <dd>{row.theirs}</dd>
                </div>
                <div>
                  <dt>{t('conflict.mine')}</dt>
                  <dd>{row.mine}</dd>
                </div>
              </dl>
              <Button
                type="button"
                size="small"
                outlined
                icon={row.usingMine ? 'pi pi-check' : 'pi pi-undo'}
                label={row.usingMine ? t('conflict.using_mine') : t('conflict.use_mine')}
                aria-label={`${row.usingMine ? t('conflict.using_mine') : t('conflict.use_mine')}: ${row.label}`}
                disabled={row.usingMine}
                onClick={() => onUseMine(row.field)}
              />
            </li>
          ))}
        </ul>
      )}
      {rows.length > 1 && (
        <Button
          type="button"
          size="small"
          icon="pi pi-replay"
          label={t('conflict.use_all_mine')}
          disabled={pending.length === 0}
          onClick={onUseAllMine}
        />
      )}
    </section>
  );
}
