// Names that pose as the city or carry a web address (issue 56): held for staff like a listed word,
// because a visitor's "Amtliche Mitteilung der Stadt … www.stadt-amt.example" on the city's map
// reads as the city's own word. Matched on the screen's normalisation (screen.ts normalise: look-alike
// letters, invisible characters and fullwidth dots read as what people see); a held name that is
// innocent (a bust of a former mayor, "Rathausplatz") is published by staff with one click.
import type { ScreenHit } from '@linz/contract';
import { normalise } from './screen.js';

/** A web address: a scheme, "www.", or a name ending in a common top-level domain. */
const WEB_ADDRESS =
  /(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:at|de|ch|eu|com|net|org|info|biz|io|co|app|online|site|xyz|link|example|test|invalid|gv\.at)\b/g;
/** Offices and "official": words with which a text speaks for any city. */
const OFFICES = String.raw`magistrat\w*|amtlich\w*|offiziell\w*|official\w*|stadtverwaltung|behorde\w*|rathaus\w*|burgermeisteramt`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const voices = new Map<string, RegExp>();

/** Words with which a text speaks for the city: its name as an office ("Stadt Graz", "city of Graz"), its offices, "official". */
function cityVoice(cityNames: readonly string[]): RegExp {
  const key = cityNames.join('\n');
  let voice = voices.get(key);
  if (!voice) {
    const names = [...new Set(cityNames.map((n) => escapeRe(normalise(n).replace(/\s+/g, ' ').trim())))].filter(Boolean);
    const asOffice = names.flatMap((n) => [`stadt ${n}`, `gemeinde ${n}`, `marktgemeinde ${n}`, `city of ${n}`, `${n} city`]);
    voice = new RegExp(String.raw`\b(?:${[...asOffice, OFFICES].join('|')})\b`, 'g');
    voices.set(key, voice);
  }
  return voice;
}

/** The places where `text` poses as the city (named `cityNames`) or names a web address (empty: nothing of the kind). */
export function officialLookHits(text: string, cityNames: readonly string[]): ScreenHit[] {
  const seen = normalise(text).replace(/\s+/g, ' ');
  // Positions mark the text only when the normalisation kept its length; else the whole name.
  const same = seen.length === text.length;
  const hits: ScreenHit[] = [];
  for (const pattern of [WEB_ADDRESS, cityVoice(cityNames)]) {
    for (const m of seen.matchAll(pattern)) {
      hits.push(same ? { word: m[0], start: m.index, end: m.index + m[0].length } : { word: m[0], start: 0, end: text.length });
    }
  }
  return hits;
}
