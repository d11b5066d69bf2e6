import { InputText, type InputTextProps } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FIGURE, formatTypedAmount, type AmountPrecision } from '../format/amount';

export interface AmountInputProps extends Omit<InputTextProps, 'value' | 'onChange' | 'inputMode'> {
  /** The text as typed, in the user's language ('1.500,5' in Montenegrin). */
  value: string;
  onChange: (text: string) => void;
  /** How many decimals the amount shows once the field is left (a price at least 2). */
  precision?: AmountPrecision;
  /** A trailing % is allowed (a partner figure on edit). */
  percent?: boolean;
}

/**
 * The one amount input of the panel (ADR 0024): money is typed in the user's language
 * (sr-Latn-ME '.' groups and ',' marks the decimals; en the reverse). On leaving the field, an
 * amount it can read is written back in that format ('3200' and '3.200' as '3.200', '1.5' as
 * '1,5' in Montenegrin), so what is shown is what will be saved; anything else stays as typed
 * under its error. The API form comes from shared/format/amount's amountToApi.
 */
export function AmountInput({ value, onChange, onBlur, precision = FIGURE, percent = false, ...rest }: AmountInputProps) {
  const { i18n } = useTranslation();
  return (
    <InputText
      autoComplete="off"
      {...rest}
      value={value}
      inputMode={percent ? 'text' : 'decimal'}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const shown = formatTypedAmount(value, i18n.language, precision, { percent });
        if (shown !== value) onChange(shown);
        onBlur?.(e);
      }}
    />
  );
}
