// Every commemoration the city knows, as monuments (issue 54): each street of the register named
// after a person (category `street`), placed where the city profile's street points give a sourced
// point and "not yet placed" (no coordinates) otherwise, and the profile's public art that its seed
// monuments lack. Each row carries its seed key, so the seed adds it once. A profile that names none
// of these files has none of these rows.
import { readFileSync } from 'node:fs';
import { WEAKEST_CHECK, type Namesake, type Placement } from '@linz/contract';
import { csvObjects } from './csv.js';
import type { monuments } from './schema.js';
import type { City } from '../city/profile.js';
import { streetRows } from './streets.js';

export type CommemorationRow = typeof monuments.$inferInsert & { seedKey: string; namesake: Namesake | null };

type ArtRow = {
  id: string;
  name: string;
  category: string;
  gender: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  fact_sources: string[];
  persons: { name: string; wikidata: string | null }[];
};

/** The register's `benannt_nach` names a person: the street is a commemoration. */
const namedAfterPerson = (record: Record<string, string>) => (record.benannt_nach ?? '').trim() !== '';

/** The spec's sex for the register's (db/streets.ts decides it, with the women's file). */
const specSex = (sex: string | undefined) => (sex === 'female' || sex === 'male' ? sex : 'unspecified');

function namesakeOf(r: (column: string) => string): Namesake {
  const wikidata = [r('person_wikidata_id'), ...r('weitere_person_wikidata_ids').split(/[;,|\s]+/)].filter(Boolean);
  return {
    name: r('person_name') || r('benannt_nach'),
    ...(r('person_geburtsdatum') ? { born: r('person_geburtsdatum') } : {}),
    ...(r('person_sterbedatum') ? { died: r('person_sterbedatum') } : {}),
    ...(r('person_beruf') ? { profession: r('person_beruf') } : {}),
    wikidata: [...new Set(wikidata)],
    registerId: r('id'),
    ...(r('detail_url') ? { registerUrl: r('detail_url') } : {}),
  };
}

function placementOf(p: (column: string) => string): Placement {
  return {
    by: 'sources',
    dataset: p('coord_source_dataset'),
    url: p('coord_source_url'),
    recordId: p('coord_source_record_id'),
    locationText: p('coord_source_location_text'),
    check: p('check'),
    weak: p('check').startsWith(WEAKEST_CHECK),
    licence: p('licence'),
    attribution: p('attribution'),
  };
}

/** "mon-" and the street's name, as the seed's ids (db/seed.ts slugId). */
type SlugId = (name: string) => string;

/** The register's streets named after a person, each with its point when the points file has one. */
export function streetCommemorations(slugId: SlugId, city: City): CommemorationRow[] {
  if (!city.seed.streets) return [];
  const csv = readFileSync(city.seed.streets, 'utf8');
  const pointsCsv = city.seed.streetPoints ? readFileSync(city.seed.streetPoints, 'utf8') : '';
  const register = city.streetRegisterSource;
  const sexById = new Map(streetRows(city, csv).map((s) => [s.id, s.sex]));
  const points = new Map(
    csvObjects(pointsCsv)
      .filter((p) => p.lat && p.lng)
      .map((p) => [p.register_id, p]),
  );
  return csvObjects(csv)
    .filter(namedAfterPerson)
    .map((record) => {
      const r = (column: string) => (record[column] ?? '').trim();
      const point = points.get(r('id'));
      const p = (column: string) => (point?.[column] ?? '').trim();
      const credit = register
        ? `${register.name} (${r('detail_url') || r('id')}), ${register.licence}`
        : r('detail_url') || r('id');
      return {
        id: slugId(r('name')),
        seedKey: `register:${r('id')}`,
        name: r('name'),
        lat: point ? Number(p('lat')) : null,
        lng: point ? Number(p('lng')) : null,
        category: 'street',
        sex: specSex(sexById.get(r('id'))),
        validated: true,
        shortDescription: r('beschreibung'),
        shortDescription_en: '',
        source: point ? `${credit}; point: ${p('coord_source_dataset')}, ${p('coord_source_location_text')}` : credit,
        namesake: namesakeOf(r),
        placement: point ? placementOf(p) : null,
      };
    });
}

/** The public art that the seed's 42 lack (its `seed-…` rows are seed monuments already). */
export function artCommemorations(slugId: SlugId, city: City): CommemorationRow[] {
  if (!city.seed.publicArt) return [];
  return (JSON.parse(readFileSync(city.seed.publicArt, 'utf8')) as ArtRow[])
    .filter((a) => !a.id.startsWith('seed-'))
    .map((a) => {
      const wikidata = a.persons.map((p) => p.wikidata).filter((w): w is string => Boolean(w));
      const placed = a.lat !== null && a.lng !== null;
      return {
        id: slugId(a.id),
        seedKey: `public-art:${a.id}`,
        name: a.name,
        lat: placed ? a.lat : null,
        lng: placed ? a.lng : null,
        category: a.category,
        sex: a.gender === 'unknown' ? 'unspecified' : a.gender,
        validated: true,
        shortDescription: a.address ? `Ort laut Quelle: ${a.address}` : '',
        shortDescription_en: a.address ? `Place as the source gives it: ${a.address}` : '',
        source: a.fact_sources.join(' · ') || null,
        namesake:
          a.persons.length > 0 && wikidata.length > 0 ? { name: a.persons.map((p) => p.name).join(', '), wikidata } : null,
        placement: null,
      };
    });
}
