import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountToInput, FIGURE, formatAmount } from '../../../shared/format/amount';
import { AmountField } from '../../../shared/form/AmountField';
import { FormDialog } from '../../../shared/form/FormDialog';
import { serverFieldErrors } from '../../../shared/form/serverErrors';
import { useSetCampaignPartnerCashMutation } from '../api';
import { cashToApi } from '../../../shared/validation/amountRules';
import { cashSchema } from '../schema';
import type { CampaignPartner } from '../types';
import { orderedOf } from './cash';

interface CashDialogProps {
  campaignId: number;
  partner: CampaignPartner | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
}

/** Spec §2 "Partners tab": the dialog to edit one partner's cash (not below what it has ordered). */
export function CashDialog({ campaignId, partner, visible, onHide, onSaved }: CashDialogProps) {
  const { t, i18n } = useTranslation();
  const [setCash] = useSetCampaignPartnerCashMutation();
  const [ordered, setOrdered] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (visible !== open) {
    setOpen(visible);
    if (visible) setOrdered(null);
  }

  return (
    <FormDialog<{ cash: string }>
      visible={visible}
      title={t('campaigns.cash_title', { name: partner?.name ?? '' })}
      initialValues={{ cash: partner ? amountToInput(partner.pivot.cash, i18n.language, FIGURE) : '' }}
      validationSchema={cashSchema(i18n.language)}
      onSubmit={async (values, helpers) => {
        if (!partner) return;
        setOrdered(null);
        try {
          await setCash({ campaignId, partnerId: partner.id, cash: cashToApi(values.cash, i18n.language) }).unwrap();
        } catch (error) {
          helpers.setErrors(serverFieldErrors(error, ['cash']));
          setOrdered(orderedOf(error));
          throw error;
        }
        onSaved();
      }}
      onHide={onHide}
    >
      <AmountField name="cash" label={t('campaigns.cash')} required autoFocus hint={t('campaigns.cash_hint')} />
      {ordered !== null && (
        <Message
          severity="warn"
          className="cash-ordered"
          text={t('campaigns.cash_ordered', { amount: formatAmount(ordered, i18n.language, FIGURE) })}
        />
      )}
    </FormDialog>
  );
}
