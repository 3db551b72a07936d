// EN/DE switch: changes every text at once; the choice is remembered by the i18n setup.
import { useTranslation } from 'react-i18next';
import { LANGUAGES, langOf } from '../i18n/languages';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const current = langOf(i18n.resolvedLanguage);
  return (
    <div className="lang-selector" role="group" aria-label={t('header.language')}>
      {[...LANGUAGES].reverse().map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-selector__option"
          aria-pressed={current === lang}
          aria-label={t(`header.switchTo_${lang}`)}
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
