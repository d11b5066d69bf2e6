import { useField } from 'formik';
import { DROPDOWN_PT } from '../ui/passThrough';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { FieldShell } from './FieldShell';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps, type Option } from './fieldBase';

/** A single choice from a list, e.g. a city's country; a search box appears for long lists. */
export function SelectField<V extends string | number>({
  name,
  label,
  required,
  hint,
  disabled,
  options,
  placeholder,
  loading,
}: BaseFieldProps & { options: Option<V>[]; placeholder?: string; loading?: boolean }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<V | null>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <Dropdown
        pt={DROPDOWN_PT}
        inputId={id}
        value={field.value}
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={placeholder}
        ariaLabel={label}
        disabled={disabled}
        loading={loading}
        filter={options.length > 8}
        filterInputAutoFocus
        resetFilterOnHide
        emptyMessage={t('table.no_data')}
        emptyFilterMessage={t('table.no_results')}
        onChange={(e) => {
          void helpers.setValue((e.value as V | undefined) ?? null);
        }}
        onBlur={() => afterPointerRelease(() => void helpers.setTouched(true))}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        className="w-full"
        panelClassName="form-select-panel"
      />
    </FieldShell>
  );
}
