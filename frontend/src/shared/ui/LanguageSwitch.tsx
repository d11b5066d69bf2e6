import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../i18n/languages';

/** SR / EN switch; i18n set-up remembers the choice. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const options = LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.short.${lng}`), title: t(`languages.${lng}`) }));
  return (
    <SelectButton
      value={i18n.language}
      options={options}
      optionLabel="label"
      optionValue="value"
      allowEmpty={false}
      aria-label={t('app.language')}
      className={`language-switch ${className ?? ''}`}
      itemTemplate={(option: { label: string; title: string }) => (
        <span title={option.title} lang={option.title === 'English' ? 'en' : 'sr-Latn-ME'}>
          {option.label}
        </span>
      )}
      onChange={(e) => {
        if (isLanguage(e.value)) void i18n.changeLanguage(e.value);
      }}
    />
  );
}
