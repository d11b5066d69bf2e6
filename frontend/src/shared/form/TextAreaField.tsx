import { useField } from 'formik';
import { InputTextarea } from 'primereact/inputtextarea';
import { FieldShell } from './FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function TextAreaField({ name, label, required, hint, disabled, rows = 3 }: BaseFieldProps & { rows?: number }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <InputTextarea
        id={id}
        {...field}
        value={field.value ?? ''}
        rows={rows}
        autoResize
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}
