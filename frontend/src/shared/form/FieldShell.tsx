import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorKey } from '../errors/errorKey';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
  inline?: boolean;
  /** The field a dialog focuses when it opens (its control has autoFocus). */
  autoFocus?: boolean;
}

/** Label (with the required star), control, then the translated error (a catalogue key or a server sentence's key) or a hint. */
export function FieldShell({ id, label, required, error, hint, children, inline, autoFocus }: FieldShellProps) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className={`form-field${inline ? ' form-field--inline' : ''}${error ? ' form-field--invalid' : ''}`}
      data-autofocus={autoFocus || undefined}
    >
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && (
          <span className="form-field__star" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="form-field__error" role="alert">
          {translateErrorKey(i18n, t, error)}
        </small>
      ) : (
        hint && <small className="form-field__hint">{hint}</small>
      )}
    </div>
  );
}
