import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** A row's edit button (pencil), as in the list tables. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      icon="pi pi-pencil"
      rounded
      text
      aria-label={t('table.edit')}
      title={t('table.edit')}
      onClick={onClick}
    />
  );
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
  const label = t(active ? 'table.deactivate' : 'table.reactivate');
  return (
    <Button
      type="button"
      icon={active ? 'pi pi-trash' : 'pi pi-replay'}
      rounded
      text
      severity={active ? 'danger' : 'success'}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
