import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/** Spec §2 "Sliders list": whether partners are shown the slider. */
export function VisibilityChip({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(visible ? 'sliders.visible' : 'sliders.hidden')}
      icon={visible ? 'pi pi-eye' : 'pi pi-eye-slash'}
      severity={visible ? 'info' : undefined}
      rounded
      className={visible ? 'list-chip' : 'list-chip chip-muted'}
    />
  );
}
