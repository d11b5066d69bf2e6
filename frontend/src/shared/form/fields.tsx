import { useField, useFormikContext } from 'formik';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Password } from 'primereact/password';
import { FieldShell } from './FieldShell';

interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The field's error key, shown once the field was touched or a submit was tried. */
function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
}

const fieldId = (name: string) => `field-${name}`;

export function TextField({
  name,
  label,
  required,
  hint,
  disabled,
  autoFocus,
  autoComplete,
}: BaseFieldProps & { autoComplete?: string }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <InputText
        id={id}
        {...field}
        value={field.value ?? ''}
        disabled={disabled}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required={required}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}

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

export interface Option<V extends string | number> {
  label: string;
  value: V;
}

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
        onBlur={() => {
          void helpers.setTouched(true);
        }}
        invalid={Boolean(error)}
        className="w-full"
        showSelectAll={false}
        panelClassName="form-multiselect-panel"
      />
    </FieldShell>
  );
}

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

export function NumberField({ name, label, required, hint, disabled, autoFocus }: BaseFieldProps) {
  const [field, , helpers] = useField<number | null>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <InputNumber
        inputId={id}
        value={field.value}
        onValueChange={(e) => {
          void helpers.setValue(e.value ?? null);
        }}
        onBlur={() => {
          void helpers.setTouched(true);
        }}
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
