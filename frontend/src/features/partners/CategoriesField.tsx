import { useField } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../shared/form/FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from '../../shared/form/fieldBase';
import { ChooseCategoriesDialog } from '../../shared/pickers/ChooseCategoriesDialog';
import type { Ref } from './types';

/** The chosen categories as chips, chosen through the shared choose-categories dialog (spec §2). */
export function CategoriesField({ name, label, required }: Pick<BaseFieldProps, 'name' | 'label' | 'required'>) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<Ref[]>(name);
  const error = useFieldError(name);
  const [open, setOpen] = useState(false);
  const id = fieldId(name);
  const chosen = field.value ?? [];

  const change = (next: Ref[]) => {
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };

  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <div className={`categories-field${error ? ' categories-field--invalid' : ''}`}>
        {chosen.length === 0 ? (
          <span className="categories-field__empty">{t('partners.no_categories')}</span>
        ) : (
          <ul className="categories-field__chips" aria-label={label}>
            {chosen.map((category) => (
              <li key={category.id} className="categories-field__chip">
                <span>{category.name}</span>
                <button
                  type="button"
                  className="categories-field__remove"
                  aria-label={t('partners.remove_category', { name: category.name })}
                  title={t('partners.remove_category', { name: category.name })}
                  onClick={() => change(chosen.filter((c) => c.id !== category.id))}
                >
                  <i className="pi pi-times" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button
          id={id}
          type="button"
          icon="pi pi-tags"
          label={t(chosen.length === 0 ? 'partners.choose_categories' : 'partners.change_categories')}
          outlined
          size="small"
          className="categories-field__button"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => setOpen(true)}
        />
      </div>
      <ChooseCategoriesDialog
        visible={open}
        selected={chosen}
        onConfirm={(categories) => {
          change(categories);
          setOpen(false);
        }}
        onHide={() => {
          setOpen(false);
          void helpers.setTouched(true);
        }}
      />
    </FieldShell>
  );
}
