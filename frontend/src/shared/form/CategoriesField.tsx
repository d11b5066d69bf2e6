import { useField } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChooseCategoriesDialog } from '../pickers/ChooseCategoriesDialog';
import type { CategoryRef } from '../pickers/api';
import { FieldShell } from './FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from './fieldBase';
import './categoriesField.css';

/** The chosen categories as chips, chosen through the shared choose-categories dialog (spec §2): partners, sliders. */
export function CategoriesField({ name, label, required }: Pick<BaseFieldProps, 'name' | 'label' | 'required'>) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<CategoryRef[]>(name);
  const error = useFieldError(name);
  const [open, setOpen] = useState(false);
  const id = fieldId(name);
  const chosen = field.value ?? [];

  const change = (next: CategoryRef[]) => {
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };

  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <div className={`categories-field${error ? ' categories-field--invalid' : ''}`}>
        {chosen.length === 0 ? (
          <span className="categories-field__empty">{t('categories_field.none')}</span>
        ) : (
          <ul className="categories-field__chips" aria-label={label}>
            {chosen.map((category) => (
              <li key={category.id} className="categories-field__chip">
                <span>{category.name}</span>
                <button
                  type="button"
                  className="categories-field__remove"
                  aria-label={t('categories_field.remove', { name: category.name })}
                  title={t('categories_field.remove', { name: category.name })}
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
          label={t(chosen.length === 0 ? 'categories_field.choose' : 'categories_field.change')}
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
