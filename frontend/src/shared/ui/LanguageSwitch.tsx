import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages';

/** SR / EN switch styled as PrimeReact's select button; i18n set-up remembers the choice. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('app.language')} className={`p-selectbutton p-button-group language-switch ${className ?? ''}`}>
      {LANGUAGES.map((lng) => {
        const selected = i18n.language === lng;
        return (
          <button
            key={lng}
            type="button"
            className={`p-button p-component${selected ? ' p-highlight' : ''}`}
            aria-pressed={selected}
            title={t(`languages.${lng}`)}
            lang={lng}
            onClick={() => {
              if (!selected) void i18n.changeLanguage(lng);
            }}
          >
            <span className="p-button-label">{t(`languages.short.${lng}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
