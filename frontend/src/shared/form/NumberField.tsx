import { useField } from 'formik';
import { InputNumber } from 'primereact/inputnumber';
import { FieldShell } from './FieldShell';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function NumberField({ name, label, required, hint, disabled, autoFocus }: BaseFieldProps) {
  const [field, , helpers] = useField<number | null>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} autoFocus={autoFocus}>
      <InputNumber
        inputId={id}
        value={field.value}
        onValueChange={(e) => {
          void helpers.setValue(e.value ?? null);
        }}
        onBlur={() => afterPointerRelease(() => void helpers.setTouched(true))}
        useGrouping={false}
        min={0}
        disabled={disabled}
        autoFocus={autoFocus}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        className="w-full"
        inputClassName="w-full"
      />
    </FieldShell>
  );
}
