import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import sr from '../locales/sr-Latn-ME.json';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, storedLanguage } from '../shared/i18n/languages';
import { applyPrimeLocale } from './primeLocale';

void i18n.use(initReactI18next).init({
  resources: {
    'sr-Latn-ME': { translation: sr },
    en: { translation: en },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(lng: string) {
  document.documentElement.lang = lng;
  if (isLanguage(lng)) applyPrimeLocale(lng);
}

applyLanguage(i18n.language);
i18n.on('languageChanged', (lng) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  applyLanguage(lng);
});

export default i18n;
