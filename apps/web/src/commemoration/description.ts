// An item's short description in the page's language: the English one on an English page when
// there is one, else the German (the data's first language), with the language it is written in.

type Described = { shortDescription: string; shortDescription_en: string };

export function descriptionIn(item: Described, pageLanguage: string | undefined): { text: string; lang: 'de' | 'en' } {
  return pageLanguage === 'en' && item.shortDescription_en
    ? { text: item.shortDescription_en, lang: 'en' }
    : { text: item.shortDescription, lang: 'de' };
}
