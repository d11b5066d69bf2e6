import { useField } from 'formik';
import { InputText } from 'primereact/inputtext';
import { FieldShell } from './FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function TextField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  autoComplete,
  inputMode,
}: BaseFieldProps & { autoComplete?: string; inputMode?: 'text' | 'decimal' | 'numeric' }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <InputText
        id={id}
        {...field}
        value={field.value ?? ''}
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        inputMode={inputMode}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}
