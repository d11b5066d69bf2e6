import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../shared/form/AmountField';
import { CategoriesField } from '../../shared/form/CategoriesField';
import { useEditedRecord } from '../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { PasswordField } from '../../shared/form/PasswordField';
import { SelectField } from '../../shared/form/SelectField';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import {
  useCreatePartnerMutation,
  usePartnerTypesQuery,
  useUpdatePartnerMutation,
} from './api';
import { ContactsDialog } from './ContactsDialog';
import { optionsWithCurrent } from '../../shared/form/options';
import { useActiveCityOptionsQuery } from '../../shared/pickers/api';
import { initialPartnerValues, partnerSchema, toPartnerPayload, type PartnerFormValues } from './schema';
import type { FigureField, Partner } from './types';

/** The figures in the order the list shows them. */
const FORM_FIGURES: FigureField[] = ['debt', 'moneyCirculation', 'annualPlan', 'payment', 'bonus', 'toolCash'];

/** The partner's six figures now under the activity log's field names: its timeline's chart starts from them. */
function eventFigures(partner: Partner): Record<string, string> {
  return {
    bonus: partner.bonus,
    debt: partner.debt,
    payment: partner.payment,
    tool_cash: partner.toolCash,
    annual_plan: partner.annualPlan,
    money_circulation: partner.moneyCirculation,
  };
}

/** Spec §5 "Partner": the add and edit dialog; edit also opens the partner's contacts. */
export function PartnerFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<Partner>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mode = state.mode;
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `partners/${r.id}`, (fresh) => initialPartnerValues(fresh, language));
  const lookups = { skip: !visible, refetchOnMountOrArgChange: true };
  const { data: cities, isFetching: citiesLoading } = useActiveCityOptionsQuery(undefined, lookups);
  const { data: types, isFetching: typesLoading } = usePartnerTypesQuery(undefined, lookups);
  const [createPartner] = useCreatePartnerMutation();
  const [updatePartner] = useUpdatePartnerMutation();
  const [contactsOpen, setContactsOpen] = useState(false);

  const onSubmit = async (values: PartnerFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toPartnerPayload(values, mode, language);
    if (row) {
      await updatePartner({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await createPartner(body).unwrap());
    }
  };

  const inactive = (name: string) => t('catalog.inactive_option', { name });
  const cityOptions = optionsWithCurrent(cities, row?.city, inactive);
  const typeOptions = [
    { value: 0, label: t('partners.no_type') },
    ...optionsWithCurrent(
      types?.filter((type) => type.is_active),
      row?.partner_type,
      inactive,
    ),
  ];

  const conflictFields: Partial<Record<keyof PartnerFormValues, string>> = {
    name: t('partners.name'),
    address: t('partners.address'),
    city_id: t('partners.city'),
    pib: t('partners.pib'),
    pdv: t('partners.pdv'),
    phone: t('partners.phone'),
    partner_type_id: t('partners.partner_type'),
    categories: t('partners.categories'),
    ...Object.fromEntries(FORM_FIGURES.map((f) => [f, t(`partners.${f}`)])),
  };
  // Picker ids read as the names the pickers show.
  const describeValue = (field: keyof PartnerFormValues, value: unknown) => {
    const options = field === 'city_id' ? cityOptions : field === 'partner_type_id' ? typeOptions : undefined;
    return options?.find((o) => o.value === value)?.label;
  };

  return (
    <>
      <FormDialog<PartnerFormValues>
        visible={visible}
        title={t(row ? 'partners.edit_title' : 'partners.add_title')}
        initialValues={initialPartnerValues(row, language)}
        validationSchema={partnerSchema(mode, language)}
        onSubmit={onSubmit}
        onHide={onHide}
        {...edited}
        history={row ? { resource: 'partners', id: row.id, figures: eventFigures(row) } : undefined}
        conflictFields={conflictFields}
        describeValue={describeValue}
      >
        {row && (
          <div className="partner-form__contacts">
            <span className="partner-form__contacts-text">
              <i className="pi pi-address-book" aria-hidden />
              {t('partners.contacts_hint')}
            </span>
            <Button
              type="button"
              icon="pi pi-phone"
              label={t('partners.contacts')}
              outlined
              size="small"
              onClick={() => setContactsOpen(true)}
            />
          </div>
        )}
        {row ? (
          <TextField name="name" label={t('partners.name')} required autoFocus autoComplete="off" />
        ) : (
          <div className="form-row partner-form__identity">
            <TextField name="id" label={t('partners.id')} required autoFocus inputMode="numeric" autoComplete="off" />
            <TextField name="name" label={t('partners.name')} required autoComplete="off" />
          </div>
        )}
        <div className="form-row">
          <TextField name="address" label={t('partners.address')} autoComplete="off" />
          <SelectField<number>
            name="city_id"
            label={t('partners.city')}
            required
            options={cityOptions}
            loading={citiesLoading && !cities}
            placeholder={t('partners.city_placeholder')}
          />
        </div>
        <div className="form-row">
          <TextField name="pib" label={t('partners.pib')} autoComplete="off" />
          <TextField name="pdv" label={t('partners.pdv')} autoComplete="off" />
        </div>
        <div className="form-row">
          <TextField name="phone" label={t('partners.phone')} autoComplete="off" />
          <SelectField<number>
            name="partner_type_id"
            label={t('partners.partner_type')}
            options={typeOptions}
            loading={typesLoading && !types}
            placeholder={t('partners.partner_type_placeholder')}
          />
        </div>
        <CategoriesField name="categories" label={t('partners.categories')} required />
        <fieldset className="partner-form__group">
          <legend>{t('partners.figures')}</legend>
          <p className="partner-form__hint">{t(row ? 'partners.figures_hint_edit' : 'partners.figures_hint_add')}</p>
          <div className="partner-form__figures">
            {FORM_FIGURES.map((field) => (
              <AmountField key={field} name={field} label={t(`partners.${field}`)} required percent={Boolean(row)} />
            ))}
          </div>
        </fieldset>
        <fieldset className="partner-form__group">
          <legend>{t('partners.access')}</legend>
          {row && <p className="partner-form__hint">{t('partners.password_edit_hint')}</p>}
          <div className="form-row">
            <PasswordField name="password" label={t('partners.password')} required={!row} />
            <PasswordField name="confirmPassword" label={t('partners.confirm_password')} required={!row} />
          </div>
        </fieldset>
      </FormDialog>
      {row && <ContactsDialog partner={row} visible={contactsOpen} onHide={() => setContactsOpen(false)} />}
    </>
  );
}
