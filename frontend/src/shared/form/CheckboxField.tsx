import { useField } from 'formik';
import { Checkbox } from 'primereact/checkbox';
import { fieldId, type BaseFieldProps } from './fieldBase';
import './fields.css';

/** A yes/no choice as a checkbox with its label beside it, e.g. "send a notification". */
export function CheckboxField({ name, label, hint, disabled }: BaseFieldProps) {
  const [field, , helpers] = useField<boolean>(name);
  const id = fieldId(name);
  return (
    <div className="form-field form-field--check">
      <div className="form-check">
        <Checkbox
          inputId={id}
          name={name}
          checked={Boolean(field.value)}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            void helpers.setValue(Boolean(e.checked));
          }}
        />
        <label htmlFor={id} className="form-check__label">
          {label}
        </label>
      </div>
      {hint && (
        <small id={`${id}-hint`} className="form-field__hint">
          {hint}
        </small>
      )}
    </div>
  );
}
