import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../../shared/form/FormDialog';
import { SelectField } from '../../../shared/form/SelectField';
import { TextField } from '../../../shared/form/TextField';
import type { FormRenderProps } from '../../../shared/list/types';
import { useActiveCityOptionsQuery } from '../../../shared/pickers/api';
import { optionsWithCurrent } from '../../../shared/form/options';
import type { Store } from '../types';
import { useCreateStoreMutation, useGetMapSettingsQuery, useUpdateStoreMutation } from './api';
import { PositionField } from './PositionField';
import { initialStoreValues, storeSchema, toStorePayload, type StoreFormValues } from './schema';
import { DIALOG_WIDTH } from '../../../shared/ui/dialogWidth';

/** Spec §2 "Stores": add and edit with a satellite map; wider than other forms for the map. */
export function StoreFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<Store>) {
  const { t } = useTranslation();
  const { data: cities, isFetching } = useActiveCityOptionsQuery(undefined, { skip: !visible, refetchOnMountOrArgChange: true });
  const { data: mapSettings } = useGetMapSettingsQuery(undefined, { skip: !visible });
  const [createStore] = useCreateStoreMutation();
  const [updateStore] = useUpdateStoreMutation();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `stores/${r.id}`, initialStoreValues);

  const onSubmit = async (values: StoreFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toStorePayload(values);
    if (row) {
      await updateStore({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await createStore(body).unwrap());
    }
  };

  const options = optionsWithCurrent(cities, row?.city, (name) => t('catalog.inactive_option', { name }));

  return (
    <FormDialog<StoreFormValues>
      visible={visible}
      title={t(row ? 'stores.edit_title' : 'stores.add_title')}
      initialValues={initialStoreValues(row)}
      validationSchema={storeSchema()}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'stores', id: row.id } : undefined}
      conflictFields={{ city_id: t('stores.city'), address: t('stores.address'), contact: t('stores.contact'), lat: t('stores.lat'), lng: t('stores.lng') }}
      describeValue={(field, value) => (field === 'city_id' ? options.find((o) => o.value === value)?.label : undefined)}
      maxWidth={DIALOG_WIDTH.wide}
    >
      <div className="store-form">
        <div className="store-form__fields">
          <SelectField<number>
            name="city_id"
            label={t('stores.city')}
            required
            options={options}
            loading={isFetching && !cities}
            placeholder={t('stores.city_placeholder')}
          />
          <TextField name="address" label={t('stores.address')} required autoComplete="off" />
          <TextField name="contact" label={t('stores.contact')} required autoComplete="off" />
        </div>
        <PositionField settings={mapSettings ?? null} />
      </div>
    </FormDialog>
  );
}
