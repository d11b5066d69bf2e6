import { useField } from 'formik';
import { InputText } from 'primereact/inputtext';
import { FieldShell } from './FieldShell';
import { LengthCounter } from './LengthCounter';
import { describedBy, limitOf } from './lengthLimit';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function TextField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  autoComplete,
  inputMode,
  maxLength,
}: BaseFieldProps & {
  autoComplete?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** The text's limit; by default the shared table's for this field's name. */
  maxLength?: number;
}) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const value = field.value ?? '';
  const max = limitOf(name, maxLength);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} autoFocus={autoFocus}>
      <InputText
        id={id}
        {...field}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        inputMode={inputMode}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={describedBy(id, error, value, max)}
        onBlur={(e) => afterPointerRelease(() => field.onBlur(e))}
      />
      <LengthCounter id={id} value={value} max={max} />
    </FieldShell>
  );
}
