/** A server timestamp as a date and time in the current language; the raw text if it is not one. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
