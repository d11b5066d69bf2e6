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
 * has no entry. The lookup reads the raw errorValidations table rather than calling t(): a
 * suffix may contain a full stop ("Too many login attempts. Try again later.") or a colon
 * ("The image must be a file of type: jpeg, jpg, png."), which t() would take for a key or
 * namespace separator.
 */
export function translateServerMessage(
  i18n: Pick<I18n, 'getResource' | 'language' | 'resolvedLanguage'>,
  message: string,
): string {
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = language ? (i18n.getResource(language, 'translation', ERROR_KEY_PREFIX) as unknown) : undefined;
  if (table && typeof table === 'object') {
    const translated = (table as Record<string, unknown>)[errorKeySuffix(message)];
    if (typeof translated === 'string') return translated;
  }
  return message;
}

/**
 * The text of an error key a form field holds: a catalogue key ('validation.field'), or a server
 * sentence's key (toErrorKey) looked up like translateServerMessage; an untranslated server key
 * reads as its sentence again.
 */
export function translateErrorKey(
  i18n: Pick<I18n, 'getResource' | 'language' | 'resolvedLanguage'>,
  t: (key: string) => string,
  key: string,
): string {
  const prefix = `${ERROR_KEY_PREFIX}.`;
  if (!key.startsWith(prefix)) return t(key);
  const suffix = key.slice(prefix.length);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = language ? (i18n.getResource(language, 'translation', ERROR_KEY_PREFIX) as unknown) : undefined;
  if (table && typeof table === 'object') {
    const translated = (table as Record<string, unknown>)[suffix];
    if (typeof translated === 'string') return translated;
  }
  return `${suffix.replace(/_/g, ' ')}.`;
}
