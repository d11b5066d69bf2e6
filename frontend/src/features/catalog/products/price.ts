import { formatAmount, PRICE } from '../../../shared/format/amount';

/** Prices are exact decimals with up to 3 decimals (spec §9); shown grouped, with at least 2. */
export function formatPrice(price: number | string, language: string): string {
  return formatAmount(price, language, PRICE);
}
