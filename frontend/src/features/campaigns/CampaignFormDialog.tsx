import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../shared/form/FormDialog';
import { ImageField } from '../../shared/form/ImageField';
import { TextAreaField } from '../../shared/form/TextAreaField';
import { TextField } from '../../shared/form/TextField';
import type { FormRenderProps } from '../../shared/list/types';
import { useCreateCampaignMutation, useUpdateCampaignMutation } from './api';
import { campaignSchema, initialCampaignValues, toCampaignFormData, type CampaignFormValues } from './schema';
import type { Campaign } from './types';

interface CampaignFormDialogProps extends FormRenderProps<Campaign> {
  /** A new campaign was saved: the screen goes on to its composition. */
  onCreated?: (campaign: Campaign) => void;
}

/** Spec §2 "Campaigns" add and edit dialog: name, description and image (multipart, the edit with its version). */
export function CampaignFormDialog({ state, visible, onHide, onSaved, onCreated }: CampaignFormDialogProps) {
  const { t } = useTranslation();
  const [createCampaign] = useCreateCampaignMutation();
  const [updateCampaign] = useUpdateCampaignMutation();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `campaigns?id=${r.id}`, initialCampaignValues);

  const onSubmit = async (values: CampaignFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toCampaignFormData(values);
    if (row) {
      await updateCampaign({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
      return;
    }
    const created = await createCampaign(body).unwrap();
    onSaved(undefined, created);
    onCreated?.(created);
  };

  return (
    <FormDialog<CampaignFormValues>
      visible={visible}
      title={t(row ? 'campaigns.edit_title' : 'campaigns.add_title')}
      initialValues={initialCampaignValues(row)}
      validationSchema={campaignSchema(state.mode)}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'campaigns', id: row.id } : undefined}
      conflictFields={{ name: t('campaigns.name'), description: t('campaigns.description') }}
    >
      <TextField name="name" label={t('campaigns.name')} required autoFocus autoComplete="off" />
      <TextAreaField name="description" label={t('campaigns.description')} required />
      <ImageField
        name="image"
        label={t('campaigns.image')}
        required={state.mode === 'add'}
        currentUrl={row?.image_url}
        hint={row ? t('campaigns.image_edit_hint') : t('campaigns.image_hint')}
      />
    </FormDialog>
  );
}
