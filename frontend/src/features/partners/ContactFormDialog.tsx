import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { SelectField } from '../../shared/form/SelectField';
import { TextField } from '../../shared/form/TextField';
import type { FormMode } from '../../shared/list/types';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { useActiveContactTypesQuery, useCreateContactMutation, useUpdateContactMutation } from './api';
import { contactSchema, initialContactValues, toContactPayload, type ContactFormValues } from './contactSchema';
import { optionsWithCurrent } from '../../shared/form/options';
import type { Contact } from './types';

interface ContactFormDialogProps {
  partnerId: number;
  state: FormMode<Contact>;
  visible: boolean;
  onHide: () => void;
}

/** Spec §2 "Other": a contact's text and its type from the active contact types. */
export function ContactFormDialog({ partnerId, state, visible, onHide }: ContactFormDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { data: types, isFetching } = useActiveContactTypesQuery(undefined, {
    skip: !visible,
    refetchOnMountOrArgChange: true,
  });
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, () => `contacts?partner_id=${partnerId}`, initialContactValues);

  const onSubmit = async (values: ContactFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toContactPayload(values);
    if (row) await updateContact({ id: row.id, version: version ?? row.version, body }).unwrap();
    else await createContact({ ...body, partner_id: partnerId }).unwrap();
    snackbar.success(t(row ? 'edit_success' : 'add_success'));
    onHide();
  };

  const options = optionsWithCurrent(types, row?.contact_type, (name) => t('catalog.inactive_option', { name }));

  return (
    <FormDialog<ContactFormValues>
      visible={visible}
      title={t(row ? 'contacts.edit_title' : 'contacts.add_title')}
      initialValues={initialContactValues(row)}
      validationSchema={contactSchema()}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'contacts', id: row.id } : undefined}
      conflictFields={{ contact_type_id: t('contacts.contact_type'), contact: t('contacts.contact') }}
    >
      <SelectField<number>
        name="contact_type_id"
        label={t('contacts.contact_type')}
        required
        options={options}
        loading={isFetching && !types}
        placeholder={t('contacts.contact_type_placeholder')}
      />
      <TextField name="contact" label={t('contacts.contact')} required autoFocus autoComplete="off" />
    </FormDialog>
  );
}
