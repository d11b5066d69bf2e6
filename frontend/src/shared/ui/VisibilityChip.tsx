import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

interface VisibilityChipProps {
  visible: boolean;
  /** Catalogue keys of the two states, in the screen's words (a slider is 'Prikazan', a campaign 'Prikazana'). */
  labels: { visible: string; hidden: string };
}

/** Whether partners are shown a record (sliders, campaigns: is_visible). */
export function VisibilityChip({ visible, labels }: VisibilityChipProps) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(visible ? labels.visible : labels.hidden)}
      icon={visible ? 'pi pi-eye' : 'pi pi-eye-slash'}
      severity={visible ? 'info' : undefined}
      rounded
      className={visible ? 'list-chip' : 'list-chip chip-muted'}
    />
  );
}
