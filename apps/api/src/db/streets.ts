// The city's street-name register (seed/linz-street-names.csv) and the items to women that have
// no coordinates (seed/linz-women-without-coordinates.json), counted where they belong.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fold } from '@linz/contract';
import womenData from '../../seed/linz-women-without-coordinates.json' with { type: 'json' };
import { csvObjects } from './csv.js';
import type { streetNames } from './schema.js';

export type StreetRow = typeof streetNames.$inferInsert;
export type UnlocatedItem = { name: string; category: string; sex: string };

/**
 * A seed text file (the register, its points): apps/api/seed when running from source, dist/seed
 * in the built server (build.mjs copies them there, like the migrations; Node 20 cannot import a text file).
 */
export function seedFilePath(file: string): string {
  const candidates = [`../../seed/${file}`, `seed/${file}`].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`seed file not found (looked at ${candidates.join(', ')})`);
  return found;
}

export const streetRegisterPath = () => seedFilePath('linz-street-names.csv');

const sexOf = (geschlecht: string): StreetRow['sex'] =>
  geschlecht === 'female' || geschlecht === 'male' ? geschlecht : 'unknown';

export const unlocatedItems = (): UnlocatedItem[] => womenData;

/**
 * The register's streets, ready to insert. The sex is the register's `person_geschlecht`
 * (female/male; anything else, or no person, is `unknown`). A street of the women's file whose
 * folded name matches a register street is that street: if the register leaves it `unknown`, it
 * is counted as female there (the file names a woman), so it is never counted twice. (With the
 * files of March 2025 all 48 match streets the register already marks female.)
 */
export function streetRows(csv = readFileSync(streetRegisterPath(), 'utf8')): StreetRow[] {
  const women = new Set(
    unlocatedItems()
      .filter((w) => w.category === 'street' && w.sex === 'female')
      .map((w) => fold(w.name)),
  );
  return csvObjects(csv).map((record) => {
    const r = (column: string) => record[column] ?? '';
    const sex = sexOf(r('person_geschlecht'));
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
export function itemsWithoutCoordinates(registerNames: readonly string[]): UnlocatedItem[] {
  const register = new Set(registerNames.map(fold));
  return unlocatedItems().filter((w) => w.category !== 'street' || !register.has(fold(w.name)));
}
