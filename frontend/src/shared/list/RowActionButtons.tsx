import { useTranslation } from 'react-i18next';
import { IconButton } from '../ui/IconButton';

// The row buttons come in two forms: given their translated labels (a table translates them
// once per render rather than once per row, see ListPage), and translating their own.

/** A row's edit button (pencil) with its translated label. */
export function EditRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconButton icon="pi pi-pencil" label={label} onClick={onClick} />;
}

/** A row's edit button (pencil), as in the list tables. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <EditRowButton label={t('table.edit')} onClick={onClick} />;
}

interface ToggleActiveButtonProps {
  /** Whether the row is active now: an active row offers deactivate, an inactive one reactivate. */
  active: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** The translated labels of ToggleRowButton. */
export interface ToggleLabels {
  deactivate: string;
  reactivate: string;
}

/** A row's deactivate (trash) or reactivate (replay) button with its translated labels. */
export function ToggleRowButton({ active, disabled, onClick, labels }: ToggleActiveButtonProps & { labels: ToggleLabels }) {
  return (
    <IconButton
      icon={active ? 'pi pi-trash' : 'pi pi-replay'}
      label={active ? labels.deactivate : labels.reactivate}
      severity={active ? 'danger' : 'success'}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

/** A row's deactivate (trash) or reactivate (replay) button. */
export function ToggleActiveButton(props: ToggleActiveButtonProps) {
  const { t } = useTranslation();
  return <ToggleRowButton {...props} labels={{ deactivate: t('table.deactivate'), reactivate: t('table.reactivate') }} />;
}
