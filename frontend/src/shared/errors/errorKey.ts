import type { i18n as I18n } from 'i18next';

export const ERROR_KEY_PREFIX = 'errorValidations';

/**
 * The server's validation sentence becomes a catalogue key (architecture §4):
 * spaces become underscores and the last character (the full stop) is dropped.
 * "The name has already been taken." → "errorValidations.The_name_has_already_been_taken"
 */
export function toErrorKey(message: string): string {
  return `${ERROR_KEY_PREFIX}.${errorKeySuffix(message)}`;
}

export function errorKeySuffix(message: string): string {
  return message.replace(/ /g, '_').slice(0, -1);
}

/**
 * Translates a server message by the key rule, or returns it unchanged when the catalogue
 * has no entry. The lookup goes through the errorValidations object because a suffix may
 * itself contain a full stop ("Too many login attempts. Try again later.").
 */
export function translateServerMessage(i18n: Pick<I18n, 't'>, message: string): string {
  const table = i18n.t(ERROR_KEY_PREFIX, { returnObjects: true }) as unknown;
  if (table && typeof table === 'object') {
    const translated = (table as Record<string, unknown>)[errorKeySuffix(message)];
    if (typeof translated === 'string') return translated;
  }
  return message;
}
