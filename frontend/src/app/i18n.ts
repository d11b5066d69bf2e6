import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, storedLanguage, type Language } from '../shared/i18n/languages';
import { applyPrimeLocale } from './primeLocale';

/**
 * Strings that load with their screen or component rather than with the login page: each is a
 * namespace of its own (locales/<name>.<language>.json, keys under that name), loaded with the
 * chunk that shows them (a route through screenStrings, the rich-text editor by itself). Every
 * t() finds them through fallbackNS, so components use plain keys ('sliders.title') whichever
 * namespace holds them.
 */
export const LAZY_NAMESPACES = [
  'sliders',
  'templates',
  'rich_text',
  'campaigns',
  'campaign_stepper',
  'push',
  'partners',
  'excel',
  'stores',
  'users',
  'products',
  'activity',
  'security',
  'bulk',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
type Namespace = 'translation' | LazyNamespace;

// Each catalogue is its own chunk: a visitor downloads only the language in use, and a screen's
// strings only when the screen opens.
const catalogues: Record<Language, Record<Namespace, () => Promise<{ default: ResourceKey }>>> = {
  'sr-Latn-ME': {
    translation: () => import('../locales/sr-Latn-ME.json'),
    sliders: () => import('../locales/sliders.sr-Latn-ME.json'),
    templates: () => import('../locales/templates.sr-Latn-ME.json'),
    rich_text: () => import('../locales/rich_text.sr-Latn-ME.json'),
    campaigns: () => import('../locales/campaigns.sr-Latn-ME.json'),
    campaign_stepper: () => import('../locales/campaign_stepper.sr-Latn-ME.json'),
    push: () => import('../locales/push.sr-Latn-ME.json'),
    partners: () => import('../locales/partners.sr-Latn-ME.json'),
    excel: () => import('../locales/excel.sr-Latn-ME.json'),
    stores: () => import('../locales/stores.sr-Latn-ME.json'),
    users: () => import('../locales/users.sr-Latn-ME.json'),
    products: () => import('../locales/products.sr-Latn-ME.json'),
    activity: () => import('../locales/activity.sr-Latn-ME.json'),
    security: () => import('../locales/security.sr-Latn-ME.json'),
    bulk: () => import('../locales/bulk.sr-Latn-ME.json'),
  },
  en: {
    translation: () => import('../locales/en.json'),
    sliders: () => import('../locales/sliders.en.json'),
    templates: () => import('../locales/templates.en.json'),
    rich_text: () => import('../locales/rich_text.en.json'),
    campaigns: () => import('../locales/campaigns.en.json'),
    campaign_stepper: () => import('../locales/campaign_stepper.en.json'),
    push: () => import('../locales/push.en.json'),
    partners: () => import('../locales/partners.en.json'),
    excel: () => import('../locales/excel.en.json'),
    stores: () => import('../locales/stores.en.json'),
    users: () => import('../locales/users.en.json'),
    products: () => import('../locales/products.en.json'),
    activity: () => import('../locales/activity.en.json'),
    security: () => import('../locales/security.en.json'),
    bulk: () => import('../locales/bulk.en.json'),
  },
};

const isNamespace = (value: string): value is Namespace =>
  value === 'translation' || (LAZY_NAMESPACES as readonly string[]).includes(value);

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`no catalogue for ${language} ${namespace}`), null);
      return;
    }
    catalogues[language][namespace]().then(
      (module) => {
        // A screen's strings also join the main namespace, where every t() looks first: a key
        // found there costs one lookup, where the fallback chain would try each namespace in
        // turn on every call (a list's cells call t() hundreds of times per render).
        // The main catalogue is handed over as a copy: the screens' strings are merged into it,
        // and the imported module stays as it was built.
        if (namespace !== 'translation') i18n.addResourceBundle(language, 'translation', module.default, true, false);
        callback(null, namespace === 'translation' ? structuredClone(module.default) : module.default);
      },
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
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: [...LAZY_NAMESPACES],
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

/** Resolves once a screen's strings are loaded in the current language; a route waits for them with its chunk. */
export function screenStrings(namespaces: LazyNamespace | readonly LazyNamespace[]): Promise<void> {
  return i18nReady.then(() => i18n.loadNamespaces(typeof namespaces === 'string' ? namespaces : [...namespaces]));
}
