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

/** What the lookups need of i18next: the resources, the language and the fallback namespaces. */
type Catalogues = Pick<I18n, 'getResource' | 'language' | 'resolvedLanguage'> & {
  options?: { fallbackNS?: unknown };
};

/**
 * The translation of a server sentence's key suffix, or undefined. The lookup reads the raw
 * errorValidations tables rather than calling t(): a suffix may contain a full stop ("Too many
 * login attempts. Try again later.") or a colon ("The image must be a file of type: jpeg, jpg,
 * png."), which t() would take for a key or namespace separator. The main catalogue is read
 * first, then each lazily loaded one (a screen's own sentences, e.g. the sliders').
 */
function serverSentence(i18n: Catalogues, suffix: string): string | undefined {
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (!language) return undefined;
  const fallback = i18n.options?.fallbackNS;
  const namespaces = ['translation', ...(Array.isArray(fallback) ? (fallback as string[]) : [])];
  for (const namespace of namespaces) {
    const table = i18n.getResource(language, namespace, ERROR_KEY_PREFIX) as unknown;
    if (table && typeof table === 'object') {
      const translated = (table as Record<string, unknown>)[suffix];
      if (typeof translated === 'string') return translated;
    }
  }
  return undefined;
}

/** Translates a server message by the key rule, or returns it unchanged when no catalogue has it. */
export function translateServerMessage(i18n: Catalogues, message: string): string {
  return serverSentence(i18n, errorKeySuffix(message)) ?? message;
}

/**
 * The text of an error key a form field holds: a catalogue key ('validation.field'), or a server
 * sentence's key (toErrorKey) looked up like translateServerMessage; an untranslated server key
 * reads as its sentence again.
 */
export function translateErrorKey(i18n: Catalogues, t: (key: string) => string, key: string): string {
  const prefix = `${ERROR_KEY_PREFIX}.`;
  if (!key.startsWith(prefix)) return t(key);
  const suffix = key.slice(prefix.length);
  return serverSentence(i18n, suffix) ?? `${suffix.replace(/_/g, ' ')}.`;
}
