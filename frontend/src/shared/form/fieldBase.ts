import { useField, useFormikContext } from 'formik';

export interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** One choice of a select or multi-select field. */
export interface Option<V extends string | number> {
  label: string;
  value: V;
}

/** The field's error key, shown once the field was touched or a submit was tried. */
export function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
}

export const fieldId = (name: string) => `field-${name}`;


let pointerHeld = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerHeld = true), true);
  document.addEventListener('pointerup', () => setTimeout(() => (pointerHeld = false), 0), true);
  document.addEventListener('pointercancel', () => (pointerHeld = false), true);
}

/**
 * Runs fn (a field's "left" marking) at once, or, when the field was left by pressing the pointer
 * on something else, once that press has become its click: the error that appears under the field
 * moves the layout, and must not move a button from under the pointer between press and release.
 */
export function afterPointerRelease(fn: () => void): void {
  if (!pointerHeld) {
    fn();
    return;
  }
  const run = () => {
    document.removeEventListener('pointerup', run, true);
    document.removeEventListener('pointercancel', run, true);
    setTimeout(fn, 0); // after the click that the release dispatches
  };
  document.addEventListener('pointerup', run, true);
  document.addEventListener('pointercancel', run, true);
}
