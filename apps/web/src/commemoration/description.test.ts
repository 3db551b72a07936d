import { describe, expect, it } from 'vitest';
import { descriptionIn } from './description';

describe('descriptionIn', () => {
  const item = {
    shortDescription: 'Ort laut Quelle: Hauptplatz',
    shortDescription_en: 'Place as the source gives it: Hauptplatz',
  };

  it("takes the page's language when the item has it, and says which language the text is in", () => {
    expect(descriptionIn(item, 'en')).toEqual({ text: item.shortDescription_en, lang: 'en' });
    expect(descriptionIn(item, 'de')).toEqual({ text: item.shortDescription, lang: 'de' });
  });

  it('falls back to the German text on an English page when there is no English one', () => {
    expect(descriptionIn({ ...item, shortDescription_en: '' }, 'en')).toEqual({ text: item.shortDescription, lang: 'de' });
  });
});
