/** Prices are exact decimals with up to 3 decimals (spec §9); shown with at least 2. */
export function formatPrice(price: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(price);
}

/** The edit form's text for a stored price, with the language's decimal separator. */
export function priceToInput(price: number, language: string): string {
  const text = String(price);
  return language === 'en' ? text : text.replace('.', ',');
}
