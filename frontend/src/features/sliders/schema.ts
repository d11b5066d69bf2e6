import * as yup from 'yup';
import { todayIso, type IsoDate } from '../../shared/format/date';
import { hasImage } from '../../shared/form/htmlImage';
import {
  imageRule,
  limitText,
  MIN_NAME,
  entityNameRule,
  TEXT_LIMITS,
} from '../../shared/validation/rules';
import { hasPage, SEMINAR, type CategoryRef, type Slider, type SliderType } from './types';

export type SliderFormMode = 'add' | 'edit';

export interface SliderFormValues {
  name: string;
  /** null until chosen. */
  type: SliderType | null;
  /** A newly chosen banner; null keeps the current one on edit. */
  image: File | null;
  /** The extra image of a page (Promocija, Seminar); null keeps the current one. */
  wyswygimg: File | null;
  /** The page's HTML from the rich-text editor. */
  page_content: string;
  push_notification: boolean;
  notification_text: string;
  categories: CategoryRef[];
  /** Seminar days, ascending ISO. */
  dates: IsoDate[];
  /** The publishing window, ISO days or null. */
  start_date: IsoDate | null;
  end_date: IsoDate | null;
  /** Edit: drop the old embedded images (the contract's `remove`). */
  remove: boolean;
}

/** The form fields the server may name in a 422 answer. */
export const SLIDER_FIELDS = [
  'name',
  'type',
  'image',
  'wyswygimg',
  'page_content',
  'push_notification',
  'notification_text',
  'categories',
  'dates',
  'start_date',
  'end_date',
  'remove',
] as const;

/** Spec §5 "Slider": jpg, jpeg or png for both images (sliders.image_validation). */
const sliderImageRule = (required: boolean) =>
  imageRule({ required, messages: { required: 'sliders.image_validation', type: 'sliders.image_validation' } });

/**
 * Spec §4 and §5: name and type required; the banner required on add; a page's notification
 * text required (at least 2 characters) when a notification is to be sent; a seminar has at
 * least one date and none before today. The categories are checked on save, with the error
 * dialog of spec §5 (SliderFormDialog).
 */
export function sliderSchema(mode: SliderFormMode, today: IsoDate = todayIso()) {
  return yup.object({
    name: entityNameRule(),
    type: yup.number().nullable().required('validation.field').oneOf([1, 2, 3], 'validation.field'),
    image: sliderImageRule(mode === 'add'),
    wyswygimg: sliderImageRule(false),
    page_content: yup.string().default(''),
    push_notification: yup.boolean().default(false),
    notification_text: limitText(yup.string().default(''), TEXT_LIMITS.notification_text).when(
      ['type', 'push_notification'],
      ([type, push], schema) =>
        hasPage(type as number | null) && push === true
          ? schema.trim().required('validation.field').min(MIN_NAME, 'validation.name_min')
          : schema,
    ),
    categories: yup.array().default([]),
    dates: yup
      .array(yup.string().required())
      .default([])
      .when('type', ([type], schema) =>
        type === SEMINAR
          ? schema
              .min(1, 'sliders.dates_required')
              .test('not_past', 'sliders.dates_past', (dates) => (dates ?? []).every((d) => d >= today))
          : schema,
      ),
    start_date: yup.string().nullable().default(null),
    end_date: yup.string().nullable().default(null),
    remove: yup.boolean().default(false),
  });
}

export function initialSliderValues(slider?: Slider): SliderFormValues {
  return {
    name: slider?.name ?? '',
    type: slider?.type ?? null,
    image: null,
    wyswygimg: null,
    page_content: slider?.page_content ?? '',
    push_notification: slider?.push_notification ?? false,
    notification_text: slider?.notification_text ?? '',
    categories: slider?.categories.map(({ id, name }) => ({ id, name })) ?? [],
    // Spec §3: a seminar's dates are shown as available_dates, the ones from today on.
    dates: slider ? [...slider.available_dates].sort() : [],
    start_date: slider?.start_date ?? null,
    end_date: slider?.end_date ?? null,
    remove: false,
  };
}

/** Spec §4: the end of the window must come after its start, else the form clears it. */
export function endDateAfterStart(start: IsoDate | null, end: IsoDate | null): boolean {
  return !start || !end || end > start;
}

/** Spec §4: 'Ukloni staru sliku' is offered only when the existing content holds an image. */
export function offersRemoveOldImage(slider: Slider | undefined): boolean {
  return Boolean(slider && hasPage(slider.type) && hasImage(slider.page_content_details));
}

/**
 * The multipart body of POST /api/sliders[/{id}]: the fields of the chosen type only (a Slika
 * sends no page), categories and dates as JSON text, days as YYYY-MM-DD or empty.
 */
export function toSliderFormData(values: SliderFormValues, mode: SliderFormMode): FormData {
  const form = new FormData();
  const type = values.type ?? 1;
  form.append('name', values.name.trim());
  form.append('type', String(type));
  if (values.image) form.append('image', values.image, values.image.name);
  if (hasPage(type)) {
    if (values.wyswygimg) form.append('wyswygimg', values.wyswygimg, values.wyswygimg.name);
    form.append('page_content', values.page_content);
    form.append('push_notification', values.push_notification ? '1' : '0');
    form.append('notification_text', values.push_notification ? values.notification_text.trim() : '');
  }
  form.append('categories', JSON.stringify(values.categories.map((c) => c.id)));
  if (type === SEMINAR) form.append('dates', JSON.stringify([...values.dates].sort()));
  form.append('start_date', values.start_date ?? '');
  form.append('end_date', values.end_date ?? '');
  if (mode === 'edit' && values.remove) form.append('remove', '1');
  return form;
}
