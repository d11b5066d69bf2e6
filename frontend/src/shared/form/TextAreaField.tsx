import { useField } from 'formik';
import { InputTextarea } from 'primereact/inputtextarea';
import { FieldShell } from './FieldShell';
import { LengthCounter } from './LengthCounter';
import { describedBy, limitOf } from './lengthLimit';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function TextAreaField({
  name,
  label,
  required,
  hint,
  disabled,
  rows = 3,
  maxLength,
}: BaseFieldProps & {
  rows?: number;
  /** The text's limit; by default the shared table's for this field's name. */
  maxLength?: number;
}) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const value = field.value ?? '';
  const max = limitOf(name, maxLength);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <InputTextarea
        id={id}
        {...field}
        onBlur={(e) => afterPointerRelease(() => field.onBlur(e))}
        value={value}
        rows={rows}
        autoResize
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={describedBy(id, error, value, max)}
      />
      <LengthCounter id={id} value={value} max={max} />
    </FieldShell>
  );
}
