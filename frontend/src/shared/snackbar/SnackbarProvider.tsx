import { useMemo, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { SNACKBAR_LIFE, SnackbarContext, type SnackbarApi } from './snackbarContext';

/** Snackbars at the bottom of the screen, 3000 ms unless told otherwise (spec §9). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const api = useMemo<SnackbarApi>(
    () => ({
      success: (text, life = SNACKBAR_LIFE) =>
        toast.current?.show({ severity: 'success', summary: text, life, closable: true }),
      error: (text, life = SNACKBAR_LIFE) =>
        toast.current?.show({ severity: 'error', summary: text, life, closable: true }),
    }),
    [],
  );
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Toast ref={toast} position="bottom-center" className="snackbar" />
    </SnackbarContext.Provider>
  );
}
