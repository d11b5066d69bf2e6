import { useField } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '../validation/rules';
import { FieldShell } from './FieldShell';
import { fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

/** The object URL of a chosen file, revoked when the file changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * An image upload (jpg, jpeg, png): a preview of the chosen file or of the current image, a
 * choose button and the file's name. The value is the chosen File, or null to keep the current one.
 */
export function ImageField({
  name,
  label,
  required,
  hint,
  disabled,
  currentUrl,
}: BaseFieldProps & { currentUrl?: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<File | null>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const input = useRef<HTMLInputElement>(null);
  const file = field.value ?? null;
  const chosenUrl = useObjectUrl(file);
  const previewUrl = file ? chosenUrl : (currentUrl ?? null);
  const [broken, setBroken] = useState<string | null>(null);

  const clear = () => {
    if (input.current) input.current.value = '';
    void helpers.setValue(null);
  };

  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <div className={`image-field${error ? ' image-field--invalid' : ''}`}>
        <div className="image-field__preview" aria-hidden={!previewUrl}>
          {previewUrl && broken !== previewUrl ? (
            <img src={previewUrl} alt={t('image.preview')} onError={() => setBroken(previewUrl)} />
          ) : (
            <span className="image-field__placeholder">
              <i className="pi pi-image" aria-hidden />
              {previewUrl && <small>{t('image.no_preview')}</small>}
            </span>
          )}
        </div>
        <div className="image-field__side">
          <input
            ref={input}
            id={id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            className="image-field__input"
            disabled={disabled}
            aria-invalid={Boolean(error)}
            aria-required={required}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              void helpers.setTouched(true, false);
              void helpers.setValue(chosen);
            }}
          />
          <div className="image-field__buttons">
            <Button
              type="button"
              icon="pi pi-upload"
              label={t(file || currentUrl ? 'image.change' : 'image.choose')}
              outlined
              size="small"
              disabled={disabled}
              onClick={() => input.current?.click()}
              tabIndex={-1}
              aria-hidden
            />
            {file && (
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                text
                severity="secondary"
                size="small"
                aria-label={t('image.clear')}
                title={t('image.clear')}
                onClick={clear}
              />
            )}
          </div>
          <span className="image-field__name" data-testid={`${id}-name`}>
            {file ? `${file.name} (${formatSize(file.size)})` : currentUrl ? t('image.current') : t('image.none')}
          </span>
          <small className="image-field__rules">{t('image.rules')}</small>
        </div>
      </div>
    </FieldShell>
  );
}
