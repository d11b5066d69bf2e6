import { useField } from 'formik';
import { Password } from 'primereact/password';
import { FieldShell } from './FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function PasswordField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  autoComplete = 'new-password',
}: BaseFieldProps & { autoComplete?: string }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <Password
        inputId={id}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        feedback={false}
        toggleMask
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        className="w-full"
        inputClassName="w-full"
      />
    </FieldShell>
  );
}
