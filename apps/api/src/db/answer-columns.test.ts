// The answers are the rows' columns picked by the contract: one spelling from table to JSON.
import { Monument, USER_MONUMENT_DEFAULTS } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { changesOf, columnsOf, placeOf, type ColumnsFor } from './answer-columns.js';
import { monuments } from './schema.js';

/** A row as the table gives it (the contract's defaults for what a visitor's monument starts with). */
const row = {
  ...USER_MONUMENT_DEFAULTS,
  alternatives: [],
  id: 'mon-a',
  name: 'Denkmal',
  name_en: null,
  lat: 48.3,
  lng: 14.29,
  namesake: null,
  source: null,
  creatorIpHash: 'hash',
  createdAt: new Date(0),
  moderation: 'visible',
  mergedInto: null,
  creatorVoterHash: null,
  moderationReasonDe: null,
  moderationReasonEn: null,
  seedKey: null,
  placement: null,
  geometry: null,
  importKey: null,
  imported: null,
} satisfies Partial<typeof monuments.$inferSelect> as typeof monuments.$inferSelect;

const shown = Monument.omit({ geoLocX: true, geoLocY: true, proposals: true, placedBy: true });

describe('answer columns', () => {
  it("takes from a row exactly the contract's fields, leaving out a null optional one", () => {
    const answer = columnsOf(shown)(row);
    expect(shown.strict().parse(answer)).toEqual(answer);
    expect(answer).not.toHaveProperty('name_en');
    expect(answer).not.toHaveProperty('namesake');
    expect(answer).not.toHaveProperty('creatorIpHash');
    expect(columnsOf(Monument.pick({ id: true, name_en: true }))({ ...row, name_en: 'Monument' })).toEqual({
      id: 'mon-a',
      name_en: 'Monument',
    });
  });

  it("gives the place in the spec's names (geoLocX is the latitude)", () => {
    expect(placeOf(row)).toEqual({ geoLocX: 48.3, geoLocY: 14.29 });
  });

  it('holds the table to the contract at compile time', () => {
    // Every shown field of the public monument is a column of the table, with the same type.
    const fromTable: ColumnsFor<Omit<Monument, 'geoLocX' | 'geoLocY' | 'proposals' | 'placedBy'>> = row;
    expect(fromTable.shortDescription_en).toBe(USER_MONUMENT_DEFAULTS.shortDescription_en);
    // @ts-expect-error a field the table lacks
    const missing: ColumnsFor<{ notAColumn: string }> = row;
    // @ts-expect-error a field of another type
    const otherType: ColumnsFor<{ validated: string }> = row;
    expect([missing, otherType]).toHaveLength(2);
  });

  it("turns a staff correction into the table's changes: only what was sent, a cleared nullable text null", () => {
    expect(changesOf(monuments, { name_en: '', shortDescription_en: '', lat: 48.31, name: undefined })).toEqual({
      name_en: null,
      shortDescription_en: '',
      lat: 48.31,
    });
    // @ts-expect-error a key the table lacks
    expect(changesOf(monuments, { nameEn: 'x' })).toEqual({ nameEn: 'x' });
  });
});
