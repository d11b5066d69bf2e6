import type { ToastMessage } from 'primereact/toast';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SNACKBAR_ACTION_LIFE, SNACKBAR_LIFE, SnackbarContext, type SnackbarAction, type SnackbarApi } from './snackbarContext';
import type { ToastHandle } from './ToastHost';

const ToastHost = lazy(() => import('./ToastHost'));

/** A snackbar's link, or its button, which closes the snackbar once pressed. */
function ActionOf({ action }: { action: SnackbarAction }) {
  if (action.to !== undefined) {
    return (
      <Link to={action.to} className="snackbar__action">
        {action.label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="snackbar__action snackbar__action--button"
      onClick={(event) => {
        event.currentTarget.closest('.p-toast-message')?.querySelector<HTMLButtonElement>('.p-toast-icon-close')?.click();
        action.onClick();
      }}
    >
      {action.label}
    </button>
  );
}

/** Snackbars at the bottom of the screen (at the top over an open dialog), 3000 ms unless told otherwise (spec §9). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const host = useRef<ToastHandle | null>(null);
  const pending = useRef<ToastMessage[]>([]);
  const [wanted, setWanted] = useState(false);

  const show = useCallback((message: ToastMessage) => {
    if (host.current) {
      host.current.show(message);
    } else {
      pending.current.push(message);
      setWanted(true);
    }
  }, []);

  const onReady = useCallback((handle: ToastHandle | null) => {
    host.current = handle;
    if (handle) pending.current.splice(0).forEach((message) => handle.show(message));
  }, []);

  const api = useMemo<SnackbarApi>(
    () => ({
      success: (text, life, action) =>
        show({
          severity: 'success',
          summary: text,
          detail: action ? <ActionOf action={action} /> : undefined,
          life: life ?? (action ? SNACKBAR_ACTION_LIFE : SNACKBAR_LIFE),
          closable: true,
        }),
      error: (text, life = SNACKBAR_LIFE) => show({ severity: 'error', summary: text, life, closable: true }),
    }),
    [show],
  );

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}
