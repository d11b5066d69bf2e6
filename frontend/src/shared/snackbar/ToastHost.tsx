import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import './snackbar.css';

export interface ToastHandle {
  show(message: ToastMessage): void;
}

/**
 * PrimeReact's Toast, loaded with the first snackbar so the login screen does not carry it.
 * A snackbar closes after its time even under a resting pointer (PrimeReact would wait for the
 * pointer to leave, and a snackbar that appears where the pointer is would stay for good); its
 * close button dismisses it sooner. While a modal dialog is open it shows at the top (snackbar.css),
 * clear of the dialog's footer buttons.
 */
export default function ToastHost({ onReady }: { onReady: (handle: ToastHandle | null) => void }) {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    onReady({ show: (message) => toast.current?.show(message) });
    return () => onReady(null);
  }, [onReady]);
  return (
    <Toast
      ref={toast}
      position="bottom-center"
      className="snackbar"
      // Cancelling the hover keeps PrimeReact from stopping the message's timer.
      onMouseEnter={(event) => event.preventDefault()}
      onMouseLeave={(event) => event.preventDefault()}
    />
  );
}
