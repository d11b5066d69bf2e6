/**
 * Esc closes only what is in front (issue 10). PrimeReact closes a dialog from one keydown
 * listener on the document, ranked by component kind; a Dropdown's, MultiSelect's or
 * AutoComplete's open list handles Esc on its own element instead, so the same key then also
 * reached the dialog's listener and closed the dialog under the list. Likewise a persistent
 * dialog (an add/edit form, which Esc must not close) opened over a closable one let Esc close
 * the one behind it.
 *
 * This guard listens on the document before PrimeReact does (it is installed at start-up, and
 * PrimeReact adds its listener when the first dialog opens) and stops the key there in those two
 * cases; the list has already closed itself by then. The Calendar's panel and the overlay panels
 * rank above dialogs in PrimeReact's own order and need no help.
 */

/**
 * Lists that close on Esc by their own key handling, not PrimeReact's ranked one. A popup Menu
 * (the Views menu in a choose dialog) is one too: its list closes itself and drops its ranked
 * listener before the key reaches the document, so the dialog under it would close as well.
 */
const SELF_CLOSING_LISTS = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-menu-overlay';

/** Marks a dialog that Esc must not close (the form dialog sets it on its root). */
const KEEPS_OPEN_ON_ESCAPE = 'data-keeps-open-on-escape';

const listOpenAtKeydown = new WeakSet<Event>();

function isEscape(event: KeyboardEvent): boolean {
  return event.key === 'Escape' || event.code === 'Escape';
}

/** Before anything handles the key: was a list open? (By the bubbling phase it has closed.) */
function onKeyDownCapture(event: KeyboardEvent) {
  if (isEscape(event) && document.querySelector(SELF_CLOSING_LISTS)) listOpenAtKeydown.add(event);
}

function onKeyDown(event: KeyboardEvent) {
  if (!isEscape(event)) return;
  const target = event.target instanceof Element ? event.target : null;
  const inPersistentDialog = target?.closest('.p-dialog')?.hasAttribute(KEEPS_OPEN_ON_ESCAPE) ?? false;
  if (listOpenAtKeydown.has(event) || inPersistentDialog) event.stopImmediatePropagation();
}

let installed = false;

/** Installs the guard once; call at start-up, before any dialog opens. */
export function installDialogEscapeGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('keydown', onKeyDownCapture, true);
  document.addEventListener('keydown', onKeyDown);
}
