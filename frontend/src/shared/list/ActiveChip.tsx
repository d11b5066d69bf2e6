import { useTranslation } from 'react-i18next';
import './list.css';

interface TagChipProps {
  /** The text, already translated. */
  label: string;
  severity: 'success' | 'danger' | 'info';
  /** Classes beside `list-chip`. */
  className?: string;
}

/**
 * A row's chip in PrimeReact Tag's markup and classes (rounded, its structural rules in
 * list.css). A table draws one in every row: PrimeReact's Tag resolves its classes and
 * pass-through options on every render, and a chip needs none of its features.
 */
export function TagChip({ label, severity, className }: TagChipProps) {
  return (
    <span className={`list-chip${className ? ` ${className}` : ''} p-tag p-component p-tag-${severity} p-tag-rounded`}>
      <span className="p-tag-value">{label}</span>
    </span>
  );
}

/** The active/inactive chip of a row given its translated labels (a table translates them once, not per row). */
export function ActiveTag({ active, labels }: { active: boolean; labels: { active: string; inactive: string } }) {
  return <TagChip label={active ? labels.active : labels.inactive} severity={active ? 'success' : 'danger'} />;
}

/** The active/inactive chip of a row (spec §4 "Active state"). */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <ActiveTag active={active} labels={{ active: t('active.active'), inactive: t('active.inactive') }} />;
}
