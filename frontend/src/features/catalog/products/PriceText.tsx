import { useTranslation } from 'react-i18next';
import { formatPrice } from './price';

/** A price in the current language's number format. */
export function PriceText({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className="price">{formatPrice(value, i18n.language)}</span>;
}
