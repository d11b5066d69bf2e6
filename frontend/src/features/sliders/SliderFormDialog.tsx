import { useFormikContext, type FormikHelpers } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { deliveryPath, errorStatus, notificationIdOf, PUSH_PARTLY_FAILED } from '../../shared/errors/apiError';
import { dialogShown } from '../../shared/errors/dialogSlice';
import { formatIsoDate, formatIsoDates, fromIsoDate, todayIso, toIsoDate } from '../../shared/format/date';
import { CategoriesField } from '../../shared/form/CategoriesField';
import { CheckboxField } from '../../shared/form/CheckboxField';
import { DateField, MultiDateField } from '../../shared/form/DateField';
import { useEditedRecord } from '../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { ImageField } from '../../shared/form/ImageField';
import { RichTextField } from '../../shared/form/RichTextField';
import { SelectField } from '../../shared/form/SelectField';
import { serverFieldErrors } from '../../shared/form/serverErrors';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import { DIALOG_WIDTH } from '../../shared/ui/dialogWidth';
import { useCreateSliderMutation, useUpdateSliderMutation, useUploadSliderContentImageMutation } from './api';
import {
  endDateAfterStart,
  initialSliderValues,
  offersRemoveOldImage,
  SLIDER_FIELDS,
  sliderSchema,
  toSliderFormData,
  type SliderFormValues,
} from './schema';
import { hasPage, SEMINAR, SLIDER_TYPES, sliderTypeKey, type Slider } from './types';

/** Spec §4: when the end of the window is not after its start, the form clears the end. */
function EndDateGuard({ onCleared }: { onCleared: () => void }) {
  const { values, setFieldValue } = useFormikContext<SliderFormValues>();
  useEffect(() => {
    if (endDateAfterStart(values.start_date, values.end_date)) return;
    void setFieldValue('end_date', null);
    onCleared();
  }, [values.start_date, values.end_date, setFieldValue, onCleared]);
  return null;
}

/** The day after an ISO day: the earliest end of a window that starts on it. */
function dayAfter(day: string | null): string | null {
  const date = fromIsoDate(day);
  if (!date) return null;
  date.setDate(date.getDate() + 1);
  return toIsoDate(date);
}

/** Text of HTML for the conflict panel: its words, not its tags. */
function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * Spec §4 "Slider form", 800 px: name, type, banner and categories for every type; a page
 * (Promocija, Seminar) adds the extra image, the rich content and the notification; a seminar its
 * dates; every type the optional publishing window. With no category chosen the save stops at the
 * error dialog of spec §5 and sends nothing.
 */
export function SliderFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<Slider>) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const mode = state.mode;
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `sliders/${r.id}`, initialSliderValues);
  const [createSlider] = useCreateSliderMutation();
  const [updateSlider] = useUpdateSliderMutation();
  const [uploadContentImage] = useUploadSliderContentImageMutation();
  const [endCleared, setEndCleared] = useState(false);
  const [today] = useState(todayIso);
  const onEndCleared = useCallback(() => setEndCleared(true), []);

  const uploadImage = async (file: File) => (await uploadContentImage(file).unwrap()).link;

  const onSubmit = async (
    values: SliderFormValues,
    helpers: FormikHelpers<SliderFormValues>,
    { version }: SubmitContext,
  ) => {
    if (values.categories.length === 0) {
      dispatch(dialogShown({ kind: 'error', titleKey: 'errors.title', messageKey: 'sliders.categories_required' }));
      return;
    }
    const body = toSliderFormData(values, mode);
    let saved: Slider;
    try {
      if (row) saved = await updateSlider({ id: row.id, version: version ?? row.version, body }).unwrap();
      else saved = await createSlider(body).unwrap();
    } catch (error) {
      if (errorStatus(error) === PUSH_PARTLY_FAILED) {
        // Saved, and its notification failed on some devices: the error dialog says so and
        // links the delivery view.
        onHide();
        return;
      }
      // The error dialog says it too; each field shows its own sentence, and what was typed stays.
      const fieldErrors = serverFieldErrors(error, SLIDER_FIELDS);
      if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
      throw error;
    }
    // A notification sent with it: one snackbar says so, with the way to its delivery.
    const notificationId = notificationIdOf(saved);
    onSaved(
      notificationId === null
        ? undefined
        : {
            text: t('sliders.notification_sending'),
            action: { label: t('sliders.view_delivery'), to: deliveryPath(notificationId) },
          },
      row ? undefined : saved,
    );
  };

  const typeOptions = SLIDER_TYPES.map((value) => ({ value, label: t(sliderTypeKey(value)) }));

  const conflictFields: Partial<Record<keyof SliderFormValues, string>> = {
    name: t('sliders.name'),
    type: t('sliders.type'),
    categories: t('sliders.categories'),
    page_content: t('sliders.page_content'),
    push_notification: t('sliders.push_notification'),
    notification_text: t('sliders.notification_text'),
    dates: t('sliders.dates'),
    start_date: t('sliders.start_date'),
    end_date: t('sliders.end_date'),
  };
  const describeValue = (field: keyof SliderFormValues, value: unknown) => {
    if (field === 'type' && typeof value === 'number') return t(sliderTypeKey(value));
    if (field === 'page_content' && typeof value === 'string' && value !== '') return plainText(value) || '—';
    if (field === 'dates' && Array.isArray(value) && value.length > 0) return formatIsoDates(value as string[], i18n.language);
    if ((field === 'start_date' || field === 'end_date') && typeof value === 'string') return formatIsoDate(value, i18n.language);
    return undefined;
  };

  return (
    <FormDialog<SliderFormValues>
      visible={visible}
      title={t(row ? 'sliders.edit_title' : 'sliders.add_title')}
      initialValues={initialSliderValues(row)}
      validationSchema={sliderSchema(mode, today)}
      onSubmit={onSubmit}
      onHide={onHide}
      maxWidth={DIALOG_WIDTH.slider}
      {...edited}
      history={row ? { resource: 'sliders', id: row.id } : undefined}
      conflictFields={conflictFields}
      describeValue={describeValue}
    >
      {({ values }) => {
        const page = hasPage(values.type);
        return (
          <>
            <EndDateGuard onCleared={onEndCleared} />
            <div className="form-row">
              <TextField name="name" label={t('sliders.name')} required autoFocus autoComplete="off" />
              <SelectField<number>
                name="type"
                label={t('sliders.type')}
                required
                options={typeOptions}
                placeholder={t('sliders.type_placeholder')}
              />
            </div>
            <ImageField
              name="image"
              label={t('sliders.image')}
              required={mode === 'add'}
              currentUrl={row?.image_url}
              hint={row ? t('sliders.image_edit_hint') : t('sliders.image_hint')}
            />
            <CategoriesField name="categories" label={t('sliders.categories')} required />
            {page && (
              <fieldset className="slider-form__group">
                <legend>{t(values.type === SEMINAR ? 'sliders.seminar_page' : 'sliders.promotion_page')}</legend>
                <ImageField
                  name="wyswygimg"
                  label={t('sliders.wyswygimg')}
                  currentUrl={row?.wyswygimg_url ?? undefined}
                  hint={t('sliders.wyswygimg_hint')}
                />
                <RichTextField name="page_content" label={t('sliders.page_content')} uploadImage={uploadImage} />
                {mode === 'edit' && offersRemoveOldImage(row) && (
                  <CheckboxField name="remove" label={t('sliders.remove_old_image')} hint={t('sliders.remove_old_image_hint')} />
                )}
                {values.type === SEMINAR && (
                  <MultiDateField
                    name="dates"
                    label={t('sliders.dates')}
                    required
                    minDate={today}
                    hint={t('sliders.dates_hint')}
                  />
                )}
                <CheckboxField name="push_notification" label={t('sliders.push_notification')} />
                {values.push_notification && (
                  <TextField name="notification_text" label={t('sliders.notification_text')} required autoComplete="off" />
                )}
              </fieldset>
            )}
            <fieldset className="slider-form__group">
              <legend>{t('sliders.window')}</legend>
              <p className="slider-form__hint">{t('sliders.window_hint')}</p>
              <div className="form-row">
                <DateField name="start_date" label={t('sliders.start_date')} />
                <DateField
                  name="end_date"
                  label={t('sliders.end_date')}
                  minDate={dayAfter(values.start_date)}
                  hint={endCleared ? t('sliders.end_date_cleared') : t('sliders.end_date_hint')}
                />
              </div>
            </fieldset>
          </>
        );
      }}
    </FormDialog>
  );
}
