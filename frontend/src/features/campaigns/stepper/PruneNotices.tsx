import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { nameList, type Pruning } from './composition';

export interface PruneNotice extends Pruning {
  key: number;
}

interface PruneNoticesProps {
  notices: PruneNotice[];
  onUndo: (notice: PruneNotice) => void;
  onDismiss: (notice: PruneNotice) => void;
}

/**
 * Spec §4 shown as it happens: each deselection that took partners along says which (the first
 * few by name, then how many more) and stays until dismissed, with an undo that restores the
 * categories and those partners.
 */
export function PruneNotices({ notices, onUndo, onDismiss }: PruneNoticesProps) {
  const { t } = useTranslation();
  // Always there, so a screen reader announces each notice as it arrives.
  return (
    <div className="composition-notices" aria-live="polite" aria-label={t('campaign_stepper.pruned_title')} role="region">
      {notices.map((n) => (
        <div key={n.key} className="composition-notice" data-testid="prune-notice">
          <i className="pi pi-exclamation-triangle composition-notice__icon" aria-hidden />
          <p className="composition-notice__text">
            {t('campaign_stepper.pruned', {
              count: n.partners.length,
              categories: n.categories.map((c) => c.name).join(', '),
              names: nameList(
                n.partners.map((p) => p.name),
                (count) => t('campaign_stepper.and_more', { count }),
              ),
            })}
          </p>
          <div className="composition-notice__actions">
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-undo"
              label={t('campaign_stepper.undo')}
              onClick={() => onUndo(n)}
            />
            <Button
              type="button"
              size="small"
              text
              icon="pi pi-times"
              aria-label={t('campaign_stepper.dismiss')}
              title={t('campaign_stepper.dismiss')}
              onClick={() => onDismiss(n)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
