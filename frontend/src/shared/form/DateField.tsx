import { useField } from 'formik';
import { Calendar, type CalendarPassThroughMethodOptions, type CalendarPassThroughOptions } from 'primereact/calendar';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorKey } from '../errors/errorKey';
import { formatIsoDate, fromIsoDate, toIsoDate, type IsoDate } from '../format/date';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import './calendarLocale';
import { FieldShell } from './FieldShell';
import { afterPointerRelease, fieldId, useFieldError, type BaseFieldProps } from './fieldBase';
import './fields.css';

/** The calendar's texts and date format follow the language (app/primeLocale.ts defines them). */
const calendarLocale = (language: string) => (isLanguage(language) ? language : DEFAULT_LANGUAGE);

/** A day cell's date as PrimeReact describes it (month from 0). */
interface CalendarDay {
  day: number;
  month: number;
  year: number;
}

const dayIso = (d: CalendarDay) => toIsoDate(new Date(d.year, d.month, d.day));

/**
 * PrimeReact 10's calendar puts aria-selected on each day's <span> (no role allows it; axe:
 * aria-allowed-attr, critical) and names the month and year buttons "Choose Month"/"Choose Year"
 * apart from the month and year they show (axe: label-content-name-mismatch). The selection moves
 * to the day's cell, a grid cell of the calendar's grid, and the buttons are named by what they show.
 */
function calendarPt(isChosen: (day: string) => boolean): CalendarPassThroughOptions {
  return {
    day: (options?: CalendarPassThroughMethodOptions) => {
      const date = options?.context?.date as unknown as CalendarDay | undefined;
      return { 'aria-selected': date ? isChosen(dayIso(date)) : false };
    },
    dayLabel: { 'aria-selected': undefined },
    monthTitle: { 'aria-label': undefined },
    yearTitle: { 'aria-label': undefined },
  };
}

/** One optional or required day ('YYYY-MM-DD', null when none), picked from a calendar. */
export function DateField({
  name,
  label,
  required,
  hint,
  disabled,
  minDate,
}: BaseFieldProps & { minDate?: IsoDate | null }) {
  const { i18n } = useTranslation();
  const [field, , helpers] = useField<IsoDate | null>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const below = error ? `${id}-error` : undefined;
  // One Date per day, not one per render: PrimeReact's calendar takes a new value object for a
  // new value and moves its open month back to it, so a form's re-render (another field's
  // validation) would undo the user's first "next month".
  const value = useMemo(() => fromIsoDate(field.value), [field.value]);
  const min = useMemo(() => fromIsoDate(minDate) ?? undefined, [minDate]);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <Calendar
        inputId={id}
        value={value}
        onChange={(e) => {
          const value = e.value;
          void helpers.setValue(value instanceof Date ? toIsoDate(value) : null);
        }}
        onHide={() => afterPointerRelease(() => void helpers.setTouched(true))}
        minDate={min}
        locale={calendarLocale(i18n.language)}
        showIcon
        showButtonBar
        readOnlyInput
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={below}
        className="w-full form-date"
        panelClassName="form-date-panel"
        pt={calendarPt((day) => day === field.value)}
      />
    </FieldShell>
  );
}

/**
 * One day picked outside a form (the home page's "since"): the same calendar as DateField, in
 * the language's format and texts, never after maxDate.
 */
export function DayPicker({
  id,
  value,
  onChange,
  maxDate,
  className,
}: {
  id: string;
  value: IsoDate;
  onChange: (day: IsoDate) => void;
  maxDate?: IsoDate;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const date = useMemo(() => fromIsoDate(value), [value]);
  const max = useMemo(() => fromIsoDate(maxDate) ?? undefined, [maxDate]);
  return (
    <Calendar
      inputId={id}
      value={date}
      onChange={(e) => {
        if (e.value instanceof Date) onChange(toIsoDate(e.value));
      }}
      maxDate={max}
      locale={calendarLocale(i18n.language)}
      showIcon
      readOnlyInput
      className={className}
      panelClassName="form-date-panel"
      pt={calendarPt((day) => day === value)}
    />
  );
}

/**
 * Several days (spec §4: a seminar's dates), none before minDate: an inline calendar where a
 * click adds or removes a day, and the chosen days listed in the language, each removable.
 */
export function MultiDateField({
  name,
  label,
  required,
  hint,
  disabled,
  minDate,
}: BaseFieldProps & { minDate?: IsoDate | null }) {
  const { t, i18n } = useTranslation();
  const [field, , helpers] = useField<IsoDate[]>(name);
  const error = useFieldError(name);
  const id = fieldId(name);
  const labelId = useId();
  const chosenKey = [...(field.value ?? [])].sort().join(',');
  const chosen = useMemo(() => (chosenKey ? chosenKey.split(',') : []), [chosenKey]);
  // Stable across re-renders for the same days (see DateField): the open month stays where the user put it.
  const value = useMemo(() => chosen.map((d) => fromIsoDate(d)).filter((d): d is Date => d !== null), [chosen]);
  const min = useMemo(() => fromIsoDate(minDate) ?? undefined, [minDate]);
  const set = (next: IsoDate[]) => {
    void helpers.setValue([...new Set(next)].sort());
    void helpers.setTouched(true, false);
  };
  const below = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div
      className={`form-field${error ? ' form-field--invalid' : ''}`}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={below}
    >
      <span id={labelId} className="form-field__label">
        {label}
        {required && (
          <span className="form-field__star" aria-hidden>
            {' '}
            *
          </span>
        )}
      </span>
      <div className={`multi-date${error ? ' multi-date--invalid' : ''}`} id={id}>
        <Calendar
          inline
          selectionMode="multiple"
          value={value}
          onChange={(e) => set((e.value ?? []).map(toIsoDate))}
          minDate={min}
          locale={calendarLocale(i18n.language)}
          disabled={disabled}
          className="multi-date__calendar"
          pt={calendarPt((day) => chosen.includes(day))}
        />
        <div className="multi-date__chosen">
          <span className="multi-date__title">{t('dates_field.chosen', { count: chosen.length })}</span>
          {chosen.length === 0 ? (
            <span className="multi-date__empty">{t('dates_field.none')}</span>
          ) : (
            <ul className="multi-date__list" aria-label={label}>
              {chosen.map((day) => {
                const text = formatIsoDate(day, i18n.language);
                return (
                  <li key={day} className="multi-date__chip">
                    <time dateTime={day}>{text}</time>
                    <button
                      type="button"
                      className="multi-date__remove"
                      aria-label={t('dates_field.remove', { date: text })}
                      title={t('dates_field.remove', { date: text })}
                      disabled={disabled}
                      onClick={() => set(chosen.filter((d) => d !== day))}
                    >
                      <i className="pi pi-times" aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
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
