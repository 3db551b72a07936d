// Names that pose as the city or carry a web address (issue 56): held for staff like a listed word,
// because a visitor's "Amtliche Mitteilung der Stadt Linz … www.linz-amt.example" on the city's map
// reads as the city's own word. Matched on the screen's normalisation (screen.ts normalise: look-alike
// letters, invisible characters and fullwidth dots read as what people see); a held name that is
// innocent (a bust of a former mayor, "Rathausplatz") is published by staff with one click.
import type { ScreenHit } from '@linz/contract';
import { normalise } from './screen.js';

/** A web address: a scheme, "www.", or a name ending in a common top-level domain. */
const WEB_ADDRESS =
  /(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:at|de|ch|eu|com|net|org|info|biz|io|co|app|online|site|xyz|link|example|test|invalid|gv\.at)\b/g;
/** Words with which a text speaks for the city: its name as an office, its offices, "official". */
const CITY_VOICE =
  /\b(?:stadt linz|city of linz|linz city|magistrat\w*|amtlich\w*|offiziell\w*|official\w*|stadtverwaltung|behorde\w*|rathaus\w*|burgermeisteramt)\b/g;

/** The places where `text` poses as the city or names a web address (empty: nothing of the kind). */
export function officialLookHits(text: string): ScreenHit[] {
  const seen = normalise(text).replace(/\s+/g, ' ');
  // Positions mark the text only when the normalisation kept its length; else the whole name.
  const same = seen.length === text.length;
  const hits: ScreenHit[] = [];
  for (const pattern of [WEB_ADDRESS, CITY_VOICE]) {
    for (const m of seen.matchAll(pattern)) {
      hits.push(same ? { word: m[0], start: m.index, end: m.index + m[0].length } : { word: m[0], start: 0, end: text.length });
    }
  }
  return hits;
}
