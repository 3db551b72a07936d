import { describe, expect, it } from 'vitest';
import { fold, matchesFilters, monumentFilterSearch, parseProposalSearch, parseMonumentFilters } from './filters.js';

const kepler = {
  name: 'Keplerstraße',
  category: 'street',
  sex: 'male',
  validated: true,
  shortDescription: 'Benannt nach Johannes Kepler',
  shortDescription_en: '',
  proposals: 0,
};

describe('finder filters', () => {
  it('folds case, accents and ß', () => {
    expect(fold('Jägerstätter STRASSE Straße')).toBe('jagerstatter strasse strasse');
    for (const q of ['strasse', 'kepler', 'KEPLERSTRASSE', 'johannes  kepler']) expect(matchesFilters(kepler, { q })).toBe(true);
    expect(matchesFilters({ ...kepler, name: 'Franz-Jägerstätter-Weg' }, { q: 'Jagerstatter' })).toBe(true);
    expect(matchesFilters(kepler, { q: 'kepler galilei' })).toBe(false);
  });

  it('keeps valid parameters and drops invalid ones', () => {
    const parsed = parseMonumentFilters({
      category: 'statue,bust',
      sex: 'female,robot',
      proposals: '1',
      validated: '2',
      q: ' x ',
    });
    expect(parsed.value).toEqual({ category: ['statue', 'bust'], proposals: true, q: 'x' });
    expect(parsed.invalid.sort()).toEqual(['sex', 'validated']);
    expect(monumentFilterSearch(parseMonumentFilters({ validated: '0', sex: 'female' }).value)).toEqual({
      sex: 'female',
      validated: '0',
    });
    expect(parseProposalSearch({ sort: 'newest', status: 'planned,done', q: 'a'.repeat(101) })).toEqual({
      value: { sort: 'newest', status: ['planned', 'done'] },
      invalid: ['q'],
    });
  });

  it('applies every filter', () => {
    expect(matchesFilters(kepler, { category: ['Street'], sex: ['male'], validated: true })).toBe(true);
    expect(matchesFilters(kepler, { proposals: true })).toBe(false);
    expect(matchesFilters(kepler, { validated: false })).toBe(false);
    expect(matchesFilters(kepler, { sex: ['female'] })).toBe(false);
  });
});
