import { useField } from 'formik';
import { MultiSelect } from 'primereact/multiselect';
import { FieldShell } from './FieldShell';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps, type Option } from './fieldBase';

export function MultiSelectField<V extends string | number>({
  name,
  label,
  required,
  hint,
  disabled,
  options,
  placeholder,
}: BaseFieldProps & { options: Option<V>[]; placeholder?: string }) {
  const [field, , helpers] = useField<V[]>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <MultiSelect
        inputId={id}
        value={field.value}
        options={options}
        optionLabel="label"
        optionValue="value"
        display="chip"
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => {
          void helpers.setValue(e.value as V[]);
        }}
        onBlur={() => afterPointerRelease(() => void helpers.setTouched(true))}
        invalid={Boolean(error)}
        className="w-full"
        showSelectAll={false}
        panelClassName="form-multiselect-panel"
      />
    </FieldShell>
  );
}
