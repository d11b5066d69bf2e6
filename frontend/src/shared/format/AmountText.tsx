import { useTranslation } from 'react-i18next';
import { FIGURE, formatAmount, type AmountPrecision } from './amount';

/** An amount in the current language's number format (see formatAmount), for tables and read-only views. */
export function AmountText({
  value,
  precision = FIGURE,
  className = 'figure',
}: {
  value: string | number | null | undefined;
  precision?: AmountPrecision;
  className?: string;
}) {
  const { i18n } = useTranslation();
  return <span className={className}>{formatAmount(value, i18n.language, precision)}</span>;
}
