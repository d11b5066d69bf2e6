import { useFormikContext } from 'formik';
import { InputText } from 'primereact/inputtext';
import { lazy, Suspense, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../shared/form/fieldBase';
import type { MapSettings } from '../types';
import { formatCoordinate, positionFromText, type LatLng } from './position';
import type { StoreFormValues } from './schema';

// Leaflet and its CSS arrive with the first store dialog, not with the list.
const StoreMap = lazy(() => import('./StoreMap'));

/**
 * The store's position: the map (click places, drag moves) and the two coordinates beside it,
 * which can be typed too. One error line serves both coordinates.
 */
export function PositionField({ settings }: { settings: MapSettings | null }) {
  const { t } = useTranslation();
  const { values, setFieldValue, setFieldTouched, handleChange, handleBlur } = useFormikContext<StoreFormValues>();
  const latError = useFieldError('lat');
  const lngError = useFieldError('lng');
  const error = latError ?? lngError;
  const position = positionFromText(values.lat, values.lng);
  const ids = useId();
  const labelId = `${ids}-label`;
  const describedBy = error ? `${ids}-error` : `${ids}-hint`;

  const onPick = useCallback(
    (next: LatLng) => {
      void setFieldValue('lat', formatCoordinate(next.lat));
      void setFieldValue('lng', formatCoordinate(next.lng));
      void setFieldTouched('lat', true, false);
      void setFieldTouched('lng', true, false);
    },
    [setFieldValue, setFieldTouched],
  );

  return (
    <div className={`form-field position-field${error ? ' form-field--invalid' : ''}`}>
      <span className="form-field__label" id={labelId}>
        {t('stores.position')}
        <span className="form-field__star" aria-hidden>
          {' '}
          *
        </span>
      </span>
      <Suspense
        fallback={
          <div className="store-map store-map--loading" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden />
            <span className="sr-only">{t('table.loading')}</span>
          </div>
        }
      >
        <StoreMap position={position} onChange={onPick} settings={settings} />
      </Suspense>
      <div className="position-field__coordinates" role="group" aria-labelledby={labelId}>
        {(
          [
            ['lat', values.lat, latError],
            ['lng', values.lng, lngError],
          ] as const
        ).map(([axis, value, axisError]) => (
          <label key={axis} className="position-field__coordinate">
            <span>{t(`stores.${axis}`)}</span>
            <InputText
              id={`field-${axis}`}
              name={axis}
              value={value}
              onChange={handleChange}
              onBlur={handleBlur}
              inputMode="decimal"
              autoComplete="off"
              invalid={Boolean(axisError)}
              aria-invalid={Boolean(axisError)}
              aria-describedby={describedBy}
            />
          </label>
        ))}
      </div>
      {error ? (
        <small id={`${ids}-error`} className="form-field__error" role="alert">
          {t(error)}
        </small>
      ) : (
        <small id={`${ids}-hint`} className="form-field__hint">
          {t('stores.position_hint')}
        </small>
      )}
    </div>
  );
}
