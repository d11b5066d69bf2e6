import PrimeReact from 'primereact/api';

/**
 * A closing dialog does not take the focus back from where the user put it. PrimeReact's Dialog
 * gives the focus back to the element that opened it when its closing animation ends, even when
 * the user has meanwhile focused something else: a filter typed into while a confirmation faded
 * out lost its focus to the row's deactivate button, and the Enter meant for the filter opened
 * the confirmation again.
 *
 * Through PrimeReact's global pass-through the guard hears a dialog begin to leave and finish
 * leaving, the latter after PrimeReact's give-back. A focus the user moved outside the leaving
 * dialog in between wins: it is restored over the give-back.
 */
let leaving: Element | null = null;
let moves: Element[] = [];

function onFocusIn(event: FocusEvent) {
  if (leaving && event.target instanceof Element && !leaving.contains(event.target)) moves.push(event.target);
}

// PrimeReact's transition names no node (it uses a ref), so the leaving dialog is the one that
// holds the focus as it begins to leave, else the front one.
function onExit() {
  const masks = document.querySelectorAll('.p-dialog-mask');
  leaving = document.activeElement?.closest('.p-dialog-mask') ?? masks[masks.length - 1] ?? null;
  moves = [];
}

function onExited() {
  const given = document.activeElement;
  // The last move is PrimeReact's give-back itself; the user's is the one before it.
  const chosen = [...moves].reverse().find((el) => el !== given);
  leaving = null;
  moves = [];
  if (chosen instanceof HTMLElement && chosen.isConnected && !chosen.closest('[inert]')) {
    chosen.focus({ preventScroll: true });
  }
}

export function installDialogFocusGuard() {
  document.addEventListener('focusin', onFocusIn, true);
  const global = (PrimeReact.pt ?? {}) as Record<string, Record<string, unknown> | undefined>;
  PrimeReact.pt = {
    ...global,
    dialog: { ...global.dialog, transition: { onExit, onExited } },
  } as unknown as typeof PrimeReact.pt;
}

