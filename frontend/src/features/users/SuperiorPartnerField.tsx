import { useField } from 'formik';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../shared/form/FieldShell';
import { fieldId, useFieldError } from '../../shared/form/fieldBase';
import { ChoosePartnerDialog } from '../../shared/pickers/ChoosePartnerDialog';
import type { PartnerRef } from '../../shared/pickers/api';
import './users.css';

/** The superior partner's name, read-only, with a button that opens the choose-partner dialog. */
export function SuperiorPartnerField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<PartnerRef | null>(name);
  const error = useFieldError(name);
  const [choosing, setChoosing] = useState(false);
  const id = fieldId(name);

  return (
    <FieldShell id={id} label={label} required error={error}>
      <div className="p-inputgroup superior-partner">
        <InputText
          id={id}
          value={field.value?.name ?? ''}
          readOnly
          placeholder={t('users.partner_placeholder')}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-required
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => setChoosing(true)}
        />
        <Button
          type="button"
          icon="pi pi-search"
          label={t('users.choose_partner')}
          onClick={() => setChoosing(true)}
        />
      </div>
      <ChoosePartnerDialog
        visible={choosing}
        selected={field.value}
        onHide={() => setChoosing(false)}
        onChoose={(partner) => {
          void helpers.setValue(partner);
          void helpers.setTouched(true, false);
          setChoosing(false);
        }}
      />
    </FieldShell>
  );
}
