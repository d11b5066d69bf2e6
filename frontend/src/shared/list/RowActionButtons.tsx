import { useTranslation } from 'react-i18next';
import { IconButton } from '../ui/IconButton';

/** A row's edit button (pencil), as in the list tables. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <IconButton icon="pi pi-pencil" label={t('table.edit')} onClick={onClick} />;
}

interface ToggleActiveButtonProps {
  /** Whether the row is active now: an active row offers deactivate, an inactive one reactivate. */
  active: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A row's deactivate (trash) or reactivate (replay) button. */
export function ToggleActiveButton({ active, disabled, onClick }: ToggleActiveButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      icon={active ? 'pi pi-trash' : 'pi pi-replay'}
      label={t(active ? 'table.deactivate' : 'table.reactivate')}
      severity={active ? 'danger' : 'success'}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
