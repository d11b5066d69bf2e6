import { createContext, useContext } from 'react';

export const SNACKBAR_LIFE = 3000;

/**
 * A link under a snackbar's text, e.g. to the delivery view of the notification just sent, or a
 * button (e.g. a bulk action's Undo), which also closes the snackbar.
 */
export type SnackbarAction = {
  /** Already translated. */
  label: string;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/** A snackbar with a link stays this long, time to reach it. */
export const SNACKBAR_ACTION_LIFE = 8000;

export interface SnackbarApi {
  /** Green confirmation; text is already translated. */
  success(text: string, life?: number, action?: SnackbarAction): void;
  /** Red notice, e.g. snackbar_required. */
  error(text: string, life?: number): void;
}

const noop: SnackbarApi = { success: () => undefined, error: () => undefined };

export const SnackbarContext = createContext<SnackbarApi>(noop);

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}
