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

