import type { MouseEventHandler } from 'react';

export interface IconButtonProps {
  /** PrimeIcons class, e.g. `pi pi-pencil`. */
  icon: string;
  /** The accessible name, also shown as the tooltip. */
  label: string;
  severity?: 'secondary' | 'success' | 'danger';
  disabled?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
}

/**
 * A round text button with only an icon, in PrimeReact's markup and classes. A table renders
 * several per row: PrimeReact's Button merges its pass-through options on every render, which
 * cost a tenth of a list's first paint, and a row action needs none of its features.
 */
export function IconButton({ icon, label, severity, disabled, onClick }: IconButtonProps) {
  const classes = ['p-button p-component p-button-icon-only p-button-text p-button-rounded'];
  if (severity) classes.push(`p-button-${severity}`);
  if (disabled) classes.push('p-disabled');
  return (
    <button type="button" className={classes.join(' ')} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <span className={`p-button-icon p-c ${icon}`} aria-hidden="true" />
      <span className="p-button-label p-c">&nbsp;</span>
    </button>
  );
}
