import { useField } from 'formik';
import type { AmountPrecision } from '../format/amount';
import { AmountInput } from './AmountInput';
import { FieldShell } from './FieldShell';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

/**
 * A form's amount field (price, partner figure, cash): AmountInput bound to Formik. The value is
 * the text as typed in the user's language; the form's schema checks it with amountRule and its
 * submit sends amountToApi of it (ADR 0024).
 */
export function AmountField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  precision,
  percent,
}: BaseFieldProps & { precision?: AmountPrecision; percent?: boolean }) {
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} autoFocus={autoFocus}>
      <AmountInput
        id={id}
        name={name}
        value={field.value ?? ''}
        onChange={(text) => void helpers.setValue(text)}
        onBlur={() => afterPointerRelease(() => void helpers.setTouched(true))}
        precision={precision}
        percent={percent}
        disabled={disabled}
        autoFocus={autoFocus}
        maxLength={40}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}
