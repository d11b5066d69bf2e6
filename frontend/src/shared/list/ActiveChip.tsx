import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/** The active/inactive chip of a row (spec §4 "Active state"). */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(active ? 'active.active' : 'active.inactive')}
      severity={active ? 'success' : 'danger'}
      rounded
      className="list-chip"
    />
  );
}
