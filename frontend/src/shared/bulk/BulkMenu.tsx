import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkActionName } from './types';

const ICONS: Record<BulkActionName, string> = {
  deactivate: 'pi pi-trash',
  activate: 'pi pi-replay',
  show: 'pi pi-eye',
  hide: 'pi pi-eye-slash',
  add_category: 'pi pi-tag',
  remove_category: 'pi pi-times-circle',
  cash: 'pi pi-wallet',
  deliver: 'pi pi-check-square',
  undeliver: 'pi pi-replay',
};

interface BulkMenuProps {
  actions: readonly BulkActionName[];
  /** How many records the selection names (the button is disabled at 0). */
  count: number;
  /** The count in the language's format. */
  countText: string;
  busy: boolean;
  compact: boolean;
  onChoose: (action: BulkActionName) => void;
  /** Where the focus returns after a bulk action's dialogs. */
  buttonRef: React.RefObject<HTMLSpanElement>;
}

/** The toolbar's bulk actions button: a menu of the list's actions, enabled while rows are selected. */
export function BulkMenu({ actions, count, countText, busy, compact, onChoose, buttonRef }: BulkMenuProps) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const id = useId();
  const label = count > 0 ? t('bulk.menu_count', { n: countText }) : t('bulk.menu');
  const items: MenuItem[] = actions.map((action) => ({
    label: t(`bulk.actions.${action}`),
    icon: ICONS[action],
    command: () => onChoose(action),
  }));
  return (
    <span ref={buttonRef} className="bulk-menu">
      <Button
        type="button"
        icon="pi pi-list-check"
        label={compact ? undefined : label}
        aria-label={label}
        title={compact ? label : undefined}
        outlined
        disabled={count === 0 || busy}
        loading={busy}
        aria-haspopup="menu"
        aria-controls={id}
        onClick={(e) => menu.current?.toggle(e)}
        data-testid="bulk-menu"
      />
      <Menu model={items} popup ref={menu} id={id} className="bulk-menu__items" aria-label={t('bulk.menu')} />
    </span>
  );
}
