import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import './snackbar.css';

export interface ToastHandle {
  show(message: ToastMessage): void;
}

/** A snackbar on screen that a second one with the same severity and text replaces. */
interface Shown {
  message: ToastMessage;
  /** The CSS class that finds its element. */
  marker: string;
  count: number;
}

let shownSeq = 0;

const keyOf = (message: ToastMessage) =>
  typeof message.summary === 'string' ? `${message.severity ?? ''}\u0000${message.summary}` : undefined;

/**
 * PrimeReact's Toast, loaded with the first snackbar so the login screen does not carry it.
 * A snackbar closes after its time even under a resting pointer (PrimeReact would wait for the
 * pointer to leave, and a snackbar that appears where the pointer is would stay for good); its
 * close button dismisses it sooner. While a modal dialog is open it shows at the top (snackbar.css),
 * clear of the dialog's footer buttons. The same snackbar shown again while the first is still
 * there does not stack: one stays, with the count ("×3") and a fresh time.
 */
export default function ToastHost({ onReady }: { onReady: (handle: ToastHandle | null) => void }) {
  const toast = useRef<Toast>(null);
  const shown = useRef(new Map<string, Shown>());

  useEffect(() => {
    const show = (message: ToastMessage) => {
      const key = keyOf(message);
      if (key === undefined) {
        toast.current?.show(message);
        return;
      }
      const previous = shown.current.get(key);
      const count = (previous?.count ?? 0) + 1;
      if (previous) {
        // Gone at once rather than animating out under its successor.
        document.querySelector(`.${previous.marker}`)?.classList.add('snackbar__message--replaced');
        shown.current.delete(key);
        toast.current?.remove(previous.message);
      }
      const marker = `snackbar-message-${++shownSeq}`;
      const next: ToastMessage = {
        ...message,
        id: marker,
        className: [message.className, marker].filter(Boolean).join(' '),
        summary:
          count > 1 ? (
            <>
              {message.summary}
              <span className="snackbar__count">×{count}</span>
            </>
          ) : (
            message.summary
          ),
      };
      shown.current.set(key, { message: next, marker, count });
      toast.current?.show(next);
    };
    onReady({ show });
    return () => onReady(null);
  }, [onReady]);

  // Closed by its time or its button: the next one with that text starts a new count.
  const onRemove = (message: ToastMessage) => {
    for (const [key, entry] of shown.current) {
      if (entry.message.id === message.id) shown.current.delete(key);
    }
  };

  return (
    <Toast
      ref={toast}
      position="bottom-center"
      className="snackbar"
      onRemove={onRemove}
      // Cancelling the hover keeps PrimeReact from stopping the message's timer.
      onMouseEnter={(event) => event.preventDefault()}
      onMouseLeave={(event) => event.preventDefault()}
    />
  );
}
