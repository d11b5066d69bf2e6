import { useField } from 'formik';
import { InputSwitch } from 'primereact/inputswitch';
import { SWITCH_PT } from '../ui/passThrough';
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
        pt={SWITCH_PT}
        onChange={(e) => {
          void helpers.setValue(Boolean(e.value));
        }}
      />
    </FieldShell>
  );
}
