// The city's street-name register (its profile's seed.streets) and the items to women that have
// no coordinates (seed.withoutCoordinates), counted where they belong.
import { readFileSync } from 'node:fs';
import { fold } from '@linz/contract';
import type { City } from '../city/profile.js';
import { csvObjects } from './csv.js';
import type { streetNames } from './schema.js';

export type StreetRow = typeof streetNames.$inferInsert;
export type UnlocatedItem = { name: string; category: string; sex: string };

const sexOf = (geschlecht: string): StreetRow['sex'] =>
  geschlecht === 'female' || geschlecht === 'male' ? geschlecht : 'unknown';

/** The profile's items without coordinates (none when it names no file). */
export const unlocatedItems = (city: City): UnlocatedItem[] =>
  city.seed.withoutCoordinates ? (JSON.parse(readFileSync(city.seed.withoutCoordinates, 'utf8')) as UnlocatedItem[]) : [];

/**
 * The register's streets, ready to insert. The sex is the register's `person_geschlecht`
 * (female/male; anything else, or no person, is `unknown`) for a street the register says is
 * named after someone (`benannt_nach`), as the map's commemorations count it: a street named after
 * a farmhouse keeps no sex from a person its row links by mistake (Linz's Franzosenhausweg). A
 * street of the women's file whose folded name matches a register street is that street: if the
 * register leaves it `unknown`, it is counted as female there (the file names a woman), so it is
 * never counted twice. (With the files of March 2025 all 48 match streets the register already
 * marks female.)
 */
export function streetRows(city: City, csv: string): StreetRow[] {
  const women = new Set(
    unlocatedItems(city)
      .filter((w) => w.category === 'street' && w.sex === 'female')
      .map((w) => fold(w.name)),
  );
  return csvObjects(csv).map((record) => {
    const r = (column: string) => record[column] ?? '';
    const sex = r('benannt_nach').trim() === '' ? 'unknown' : sexOf(r('person_geschlecht'));
    const persons = [r('person_wikidata_id'), ...r('weitere_person_wikidata_ids').split(/[;,|\s]+/)].filter(Boolean);
    return {
      id: r('id'),
      name: r('name'),
      district: r('katastralgemeinde'),
      personName: r('person_name') || null,
      sex: sex === 'unknown' && women.has(fold(r('name'))) ? 'female' : sex,
      streetWikidataId: r('strasse_wikidata_id') || null,
      personWikidataIds: [...new Set(persons)],
    };
  });
}

/**
 * The women's items that are not a register street: the plaque and the memorial (and any street
 * the register lacks). The dashboard shows them as `monuments.withoutCoordinates`.
 */
export function itemsWithoutCoordinates(city: City, registerNames: readonly string[]): UnlocatedItem[] {
  const register = new Set(registerNames.map(fold));
  return unlocatedItems(city).filter((w) => w.category !== 'street' || !register.has(fold(w.name)));
}
