// i18next with texts served as files (/locales/{lng}/translation.json); failed reads are
// retried up to 5 times, waiting 350 ms before the first retry and doubling after that.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './backend';
import { cityVariables } from './city';
import { DEFAULT_LANG, LANGUAGES, LANG_STORAGE_KEY, initialLang, langOf } from './languages';
import { writeNumber } from './writing';

export const TRANSLATION_RETRY = { maxRetries: 5, retryTimeout: 350 } as const;

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps <html lang> and the remembered choice in step with the active language. */
function followLanguage(instance: I18n): void {
  instance.on('languageChanged', (language) => {
    const lang = langOf(language);
    document.documentElement.lang = lang;
    try {
      safeStorage()?.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  });
}

export async function createI18n(instance: I18n = i18next.createInstance()): Promise<I18n> {
  followLanguage(instance);
  await instance
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: initialLang(safeStorage()),
      // No fallback: both files hold every key (setup.test.ts), and a fallback would be fetched
      // with every page (17 KiB before a phone's first paint).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      ...TRANSLATION_RETRY,
      // The same object, filled in by nameCity (city.ts) once the API's config is read.
      interpolation: { escapeValue: false, defaultVariables: cityVariables },
      returnNull: false,
      react: { useSuspense: true },
    });
  // The visitor's texts could not be read (six tries): the other language's, rather than keys.
  if (!instance.hasResourceBundle(instance.language, 'translation')) {
    const other = LANGUAGES.filter((lang) => lang !== langOf(instance.language));
    await instance.reloadResources(other, ['translation']);
    instance.options.fallbackLng = other;
  }
  // `{{count, number}}` without Intl.NumberFormat, whose first use costs a phone up to 135 ms (writing.ts).
  instance.services.formatter?.add('number', (value: number, lng: string | undefined) =>
    writeNumber(instance.getFixedT(lng ?? instance.language), value),
  );
  document.documentElement.lang = langOf(instance.resolvedLanguage ?? DEFAULT_LANG);
  return instance;
}
