import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, storedLanguage, type Language } from '../shared/i18n/languages';
import { applyPrimeLocale } from './primeLocale';

// Each catalogue is its own chunk: a visitor downloads only the language in use.
const catalogues: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  'sr-Latn-ME': () => import('../locales/sr-Latn-ME.json'),
  en: () => import('../locales/en.json'),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`no catalogue for ${language}`), null);
      return;
    }
    catalogues[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyLanguage(lng: string) {
  document.documentElement.lang = lng;
  if (isLanguage(lng)) applyPrimeLocale(lng);
}

/** Resolves once the remembered (or default) language's catalogue is loaded. */
export const i18nReady = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // The catalogues have the same keys (a test checks it), so no fallback download is needed.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  })
  .then(() => {
    applyLanguage(i18n.language);
    i18n.on('languageChanged', (lng) => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
      applyLanguage(lng);
    });
  });

export default i18n;
