import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../../shared/form/FormDialog';
import { SelectField } from '../../../shared/form/SelectField';
import { TextField } from '../../../shared/form/TextField';
import type { FormRenderProps } from '../../../shared/list/types';
import { useCountryOptionsQuery } from '../countries/api';
import { optionsWithCurrent } from '../../../shared/form/options';
import type { City } from '../types';
import { useCreateCityMutation, useUpdateCityMutation } from './api';
import { citySchema, initialCityValues, toCityPayload, type CityFormValues } from './schema';

export function CityFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<City>) {
  const { t } = useTranslation();
  const { data: countries, isFetching } = useCountryOptionsQuery(undefined, {
    skip: !visible,
    refetchOnMountOrArgChange: true,
  });
  const [createCity] = useCreateCityMutation();
  const [updateCity] = useUpdateCityMutation();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `cities/${r.id}`, initialCityValues);

  const onSubmit = async (values: CityFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toCityPayload(values);
    if (row) {
      await updateCity({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await createCity(body).unwrap());
    }
  };

  const options = optionsWithCurrent(countries, row?.country, (name) => t('catalog.inactive_option', { name }));

  return (
    <FormDialog<CityFormValues>
      visible={visible}
      title={t(row ? 'cities.edit_title' : 'cities.add_title')}
      initialValues={initialCityValues(row)}
      validationSchema={citySchema()}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'cities', id: row.id } : undefined}
      conflictFields={{ name: t('cities.name'), country_id: t('cities.country') }}
      describeValue={(field, value) => (field === 'country_id' ? options.find((o) => o.value === value)?.label : undefined)}
    >
      <TextField name="name" label={t('cities.name')} required autoFocus autoComplete="off" />
      <SelectField<number>
        name="country_id"
        label={t('cities.country')}
        required
        options={options}
        loading={isFetching && !countries}
        placeholder={t('cities.country_placeholder')}
      />
    </FormDialog>
  );
}
