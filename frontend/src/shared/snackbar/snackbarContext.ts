import { createContext, useContext } from 'react';

export const SNACKBAR_LIFE = 3000;

export interface SnackbarApi {
  /** Green confirmation; text is already translated. */
  success(text: string, life?: number): void;
  /** Red notice, e.g. snackbar_required. */
  error(text: string, life?: number): void;
}

const noop: SnackbarApi = { success: () => undefined, error: () => undefined };

export const SnackbarContext = createContext<SnackbarApi>(noop);

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}
