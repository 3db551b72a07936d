import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import { dayFields, localFields, writeDate, writeDecimal, writeNumber, type DateStyle } from './writing';

const intlOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  fullDate: { dateStyle: 'long' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};
const locales = { de: 'de-AT', en: 'en-GB' } as const;
const texts: Partial<Record<keyof typeof locales, TFunction>> = {};

beforeAll(async () => {
  for (const lng of ['de', 'en'] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      resources: { [lng]: { translation: lng === 'de' ? de : en } },
      interpolation: { escapeValue: false },
    });
    texts[lng] = instance.t;
  }
});

describe('dates written from the texts', () => {
  // Every month, a one- and a two-digit day, a morning and an evening: as Intl writes them for
  // Austrian German and British English (Jänner, Sept).
  const instants = Array.from({ length: 12 }, (_, m) => [new Date(2026, m, 5, 9, 7), new Date(2027, m, 25, 20, 41)]).flat();

  for (const lang of ['de', 'en'] as const) {
    for (const style of ['date', 'fullDate', 'dateTime'] as const) {
      it(`match Intl's ${locales[lang]} ${style}`, () => {
        const t = texts[lang]!;
        const format = new Intl.DateTimeFormat(locales[lang], intlOptions[style]);
        for (const at of instants) expect(writeDate(t, localFields(at), style)).toBe(format.format(at));
      });
    }
  }

  it('read a calendar day and refuse what is none', () => {
    expect(writeDate(texts.de!, dayFields('2026-01-05')!, 'fullDate')).toBe('5. Jänner 2026');
    expect(writeDate(texts.en!, dayFields('2026-09-25')!, 'date')).toBe('25 Sept 2026');
    for (const bad of ['2026-13-01', '2026-00-10', '26-01-05', '2026-01-05T10:00', '']) expect(dayFields(bad)).toBeUndefined();
  });
});

describe('decimals written from the texts', () => {
  const values = [48.30724019753809, 14.286661148071289, 48.3, 14, 0.000004, 179.999996];
  for (const lang of ['de', 'en'] as const) {
    it(`match Intl's ${locales[lang]} with at most 5 places, and with exactly 5`, () => {
      const t = texts[lang]!;
      const most = new Intl.NumberFormat(locales[lang], { maximumFractionDigits: 5 });
      const exactly = new Intl.NumberFormat(locales[lang], { minimumFractionDigits: 5, maximumFractionDigits: 5 });
      for (const value of values) {
        expect(writeDecimal(t, value, 5)).toBe(most.format(value));
        expect(writeDecimal(t, value, 5, true)).toBe(exactly.format(value));
      }
    });
  }
});

describe('numbers written from the texts', () => {
  const values = [0, 7, 42, 999, 1000, 12_345, 50_000, 1_234_567, 12.5, 0.125, 3.14159, -2048, -0.0001];
  // The texts' language is 'de' or 'en': i18next formats `{{count, number}}` for those.
  for (const lang of ['de', 'en'] as const) {
    it(`match Intl's ${lang}, as i18next's own number format wrote them`, () => {
      const format = new Intl.NumberFormat(lang);
      for (const value of values) expect(writeNumber(texts[lang]!, value)).toBe(format.format(value));
    });
  }
});
