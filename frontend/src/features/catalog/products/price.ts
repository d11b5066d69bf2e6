import { formatAmount, PRICE } from '../../../shared/format/amount';

/** Prices are exact decimals with up to 3 decimals (spec §9); shown grouped, with at least 2. */
export function formatPrice(price: number | string, language: string): string {
  return formatAmount(price, language, PRICE);
}

/** The edit form's text for a stored price, with the language's decimal separator (no grouping: it is typed). */
export function priceToInput(price: number, language: string): string {
  const text = String(price);
  return language === 'en' ? text : text.replace('.', ',');
}
