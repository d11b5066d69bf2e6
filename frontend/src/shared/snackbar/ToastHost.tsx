import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';

export interface ToastHandle {
  show(message: ToastMessage): void;
}

/** PrimeReact's Toast, loaded with the first snackbar so the login screen does not carry it. */
export default function ToastHost({ onReady }: { onReady: (handle: ToastHandle | null) => void }) {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    onReady({ show: (message) => toast.current?.show(message) });
    return () => onReady(null);
  }, [onReady]);
  return <Toast ref={toast} position="bottom-center" className="snackbar" />;
}
