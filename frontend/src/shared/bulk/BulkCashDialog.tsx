import { useFormikContext } from 'formik';
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../form/AmountField';
import { FormDialog } from '../form/FormDialog';
import { serverFieldErrors } from '../form/serverErrors';
import { TextField } from '../form/TextField';
import { CASH_START, cashExtra, cashValuesSchema, type CashValues } from './cash';
import type { BulkExtra } from './types';

function ModeChoice() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<CashValues>();
  const option = (mode: CashValues['mode'], label: string) => (
    <div className="bulk-dialog__mode">
      <RadioButton
        inputId={`bulk-cash-${mode}`}
        name="mode"
        value={mode}
        checked={values.mode === mode}
        onChange={() => void setFieldValue('mode', mode)}
      />
      <label htmlFor={`bulk-cash-${mode}`}>{label}</label>
    </div>
  );
  return (
    <fieldset className="bulk-dialog__modes">
      <legend>{t('bulk.cash_mode')}</legend>
      {option('set', t('bulk.cash_set'))}
      {option('percent', t('bulk.cash_percent'))}
    </fieldset>
  );
}

interface BulkCashDialogProps {
  visible: boolean;
  what: string;
  /** Runs the action; rejects to keep the dialog open with the server's field errors. */
  onConfirm: (extra: BulkExtra) => Promise<void>;
  onHide: () => void;
}

/**
 * Spec §2 "Partners tab", for the selected partners at once: one cash for each (typed in the
 * user's language, the one amount input of ADR 0024), or a percentage change of each one's cash.
 */
export function BulkCashDialog({ visible, what, onConfirm, onHide }: BulkCashDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <FormDialog<CashValues>
      visible={visible}
      title={t('bulk.actions.cash')}
      initialValues={CASH_START}
      validationSchema={cashValuesSchema(language)}
      submitLabel={t('bulk.apply')}
      onSubmit={async (values, helpers) => {
        try {
          await onConfirm(cashExtra(values, language));
        } catch (error) {
          helpers.setErrors(serverFieldErrors(error, ['cash', 'percent']));
          throw error;
        }
      }}
      onHide={onHide}
    >
      {({ values }) => (
        <>
          <p className="bulk-dialog__message">{t('bulk.confirm_message', { what })}</p>
          <ModeChoice />
          {values.mode === 'set' ? (
            <AmountField name="cash" label={t('bulk.cash')} required autoFocus hint={t('bulk.cash_hint')} />
          ) : (
            <TextField name="percent" label={t('bulk.percent')} required autoFocus inputMode="text" maxLength={20} hint={t('bulk.percent_hint')} />
          )}
        </>
      )}
    </FormDialog>
  );
}
