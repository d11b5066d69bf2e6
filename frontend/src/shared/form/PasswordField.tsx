import { useField } from 'formik';
import { Password } from 'primereact/password';
import { FieldShell } from './FieldShell';
import { LengthCounter } from './LengthCounter';
import { describedBy, limitOf } from './lengthLimit';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

export function PasswordField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  autoComplete = 'new-password',
  maxLength,
}: BaseFieldProps & {
  autoComplete?: string;
  /** The password's limit; by default the shared table's for this field's name. */
  maxLength?: number;
}) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const value = field.value ?? '';
  const max = limitOf(name, maxLength);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} autoFocus={autoFocus}>
      <Password
        inputId={id}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={(e) => afterPointerRelease(() => field.onBlur(e))}
        feedback={false}
        toggleMask
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={describedBy(id, error, value, max)}
        className="w-full"
        inputClassName="w-full"
      />
      <LengthCounter id={id} value={value} max={max} />
    </FieldShell>
  );
}
