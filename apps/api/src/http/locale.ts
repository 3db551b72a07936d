// The built web app's texts, for what the server itself says to crawlers (Open Graph tags and
// images, in German) and in the staff's CSV export (German or English): the locale files stay the
// one place for texts. Read once; a bare API without the built app has none, and its pages and
// images go out without words.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The language crawlers see first (index.html is lang="de"). */
export const LANG = 'de';

export type Translation = Record<string, unknown>;

/** What names the city in the texts ({{city}}, {{product}}), as the web app fills them (i18n/city.ts). */
export type CityWords = { name: { de: string; en: string }; productName: string };

const read = new Map<string, Promise<Translation | undefined>>();
/** The texts of `lang`, with the city's name filled in wherever they say {{city}} or {{product}}. */
export function translationOf(webDist: string, lang: string, city: CityWords): Promise<Translation | undefined> {
  const file = path.join(webDist, 'locales', lang, 'translation.json');
  const values = { city: lang === 'en' ? city.name.en : city.name.de, product: city.productName };
  const key = `${file}\n${JSON.stringify(values)}`;
  let texts = read.get(key);
  if (!texts) {
    texts = readFile(file, 'utf8')
      .then((text) => JSON.parse(text, (_k, v: unknown) => (typeof v === 'string' ? fill(v, values) : v)) as Translation)
      .catch(() => undefined);
    read.set(key, texts);
  }
  return texts;
}

/** The string at a dotted key, or undefined. */
export function textAt(all: Translation | undefined, key: string): string | undefined {
  let at: unknown = all;
  for (const part of key.split('.'))
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** i18next's `{{name}}` placeholders filled. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
