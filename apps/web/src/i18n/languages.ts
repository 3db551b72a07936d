// The languages the product offers: German by default, English on request.
export const LANGUAGES = ['de', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'de';
export const LANG_STORAGE_KEY = 'lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language to start with: the one the visitor chose before, else German. */
export function initialLang(storage: Pick<Storage, 'getItem'> | undefined): Lang {
  try {
    const saved = storage?.getItem(LANG_STORAGE_KEY);
    return isLang(saved) ? saved : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** The current language as one of ours (i18next may report e.g. "de-AT" or "cimode"). */
export function langOf(language: string | undefined): Lang {
  const base = language?.slice(0, 2);
  return isLang(base) ? base : DEFAULT_LANG;
}
