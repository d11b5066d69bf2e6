import { useField } from 'formik';
import { InputSwitch } from 'primereact/inputswitch';
import { FieldShell } from './FieldShell';
import { fieldId, type BaseFieldProps } from './fieldBase';

export function SwitchField({ name, label, hint, disabled }: BaseFieldProps) {
  const [field, , helpers] = useField<boolean>(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} hint={hint} inline>
      <InputSwitch
        inputId={id}
        checked={Boolean(field.value)}
        disabled={disabled}
        onChange={(e) => {
          void helpers.setValue(Boolean(e.value));
        }}
      />
    </FieldShell>
  );
}
