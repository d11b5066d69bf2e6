import { useField } from 'formik';
import i18next from 'i18next';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorKey } from '../errors/errorKey';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';

// draft-js, its converter and the editor's strings (the rich_text namespace, app/i18n.ts) load
// with the first form that shows the editor, never with the login or a list screen.
const RichTextEditor = lazy(() =>
  Promise.all([import('./RichTextEditor'), i18next.loadNamespaces('rich_text')]).then(([editor]) => editor),
);

/** A form's rich-text field: its value is the editor's HTML. */
export function RichTextField({
  name,
  label,
  required,
  hint,
  disabled,
  uploadImage,
}: BaseFieldProps & { uploadImage: (file: File) => Promise<string> }) {
  const { t, i18n } = useTranslation();
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const labelId = useId();
  const below = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`} id={id}>
      <span id={labelId} className="form-field__label">
        {label}
        {required && (
          <span className="form-field__star" aria-hidden>
            {' '}
            *
          </span>
        )}
      </span>
      <Suspense
        fallback={
          <div className="rich-text rich-text--loading" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden /> {t('editor.loading')}
          </div>
        }
      >
        <RichTextEditor
          value={field.value ?? ''}
          onChange={(html) => {
            void helpers.setValue(html);
          }}
          onBlur={() => afterPointerRelease(() => void helpers.setTouched(true))}
          labelId={labelId}
          describedBy={below}
          invalid={Boolean(error)}
          disabled={disabled}
          uploadImage={uploadImage}
        />
      </Suspense>
      {error ? (
        <small id={`${id}-error`} className="form-field__error" role="alert">
          {translateErrorKey(i18n, t, error)}
        </small>
      ) : (
        hint && (
          <small id={`${id}-hint`} className="form-field__hint">
            {hint}
          </small>
        )
      )}
    </div>
  );
}
