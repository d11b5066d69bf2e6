/** The controls a dialog's first focus may land on, in document order. */
const FOCUSABLE_FIELD =
  'input:not([type="hidden"]):not([disabled]):not([aria-hidden="true"]), textarea:not([disabled]), select:not([disabled])';

/**
 * Focus for a dialog that has just opened: stays where it is when it is already inside (a field's
 * autoFocus), else goes to the first field. PrimeReact's own first focus would take the header's
 * close button, blurring the autofocused field, which would mark it touched and show its
 * "required" error before anything was typed.
 */
export function focusFirstField(container: HTMLElement | null): void {
  if (!container) return;
  const dialog = container.closest<HTMLElement>('.p-dialog') ?? container;
  if (document.activeElement && dialog.contains(document.activeElement) && document.activeElement !== dialog) return;
  // The field marked autoFocus, when its own focus on mount did not last until the dialog showed.
  const preferred = container.querySelector<HTMLElement>(
    FOCUSABLE_FIELD.split(', ')
      .map((selector) => `[data-autofocus] ${selector}`)
      .join(', '),
  );
  if (preferred) {
    preferred.focus({ preventScroll: true });
    return;
  }
  const fields = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_FIELD));
  const shown = fields.find((el) => el.getClientRects().length > 0);
  (shown ?? fields[0])?.focus({ preventScroll: true });
}

function canTakeFocus(el: Element | null): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    el !== document.body &&
    !(el as HTMLButtonElement).disabled &&
    el.closest('[aria-hidden="true"], .p-dialog-exit, .p-dialog-exit-active') === null
  );
}

/** The open dialog in front: the one whose mask is highest (PrimeReact raises each new one). */
export function frontDialog(): HTMLElement | null {
  const open = Array.from(document.querySelectorAll<HTMLElement>('.p-dialog-mask .p-dialog')).filter(
    (d) => !d.classList.contains('p-dialog-exit') && !d.classList.contains('p-dialog-exit-active'),
  );
  const z = (d: HTMLElement) => Number(d.parentElement?.style.zIndex || 0);
  return open.reduce<HTMLElement | null>((front, d) => (front === null || z(d) >= z(front) ? d : front), null);
}

/**
 * Puts focus back after a dialog on top of others closed: on the element focused before it opened
 * when that is still there and usable, else into the dialog now in front (its first field in
 * error, else its first field), so Tab never walks the page behind a modal dialog.
 */
export function restoreFocus(previous: Element | null): void {
  const front = frontDialog();
  const active = document.activeElement;
  if (front && active && front.contains(active)) return;
  if (canTakeFocus(previous) && (!front || front.contains(previous))) {
    previous.focus({ preventScroll: true });
    return;
  }
  if (!front) return;
  const invalid = front.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  if (invalid) {
    invalid.focus({ preventScroll: true });
    return;
  }
  focusFirstField(front.querySelector<HTMLElement>('.p-dialog-content') ?? front);
  if (!front.contains(document.activeElement)) front.querySelector<HTMLElement>('button:not([disabled])')?.focus();
}
