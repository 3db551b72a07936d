import { describe, expect, it } from 'vitest';
import { normaliseProposals, normaliseMonuments } from './normalise';

const monument = {
  id: 'mon-a',
  name: 'A',
  geoLocX: 48.3,
  geoLocY: 14.28,
  category: 'bust',
  sex: 'female',
  validated: true,
  shortDescription: '',
  shortDescription_en: '',
  image: 'a.jpg',
  alternatives: [],
  proposals: 2,
};
const proposal = {
  id: 1,
  monumentId: 'mon-a',
  name: 'X',
  emoji: '🗽',
  votes: 3,
  confirmedVotes: 0,
  mayorNotifiedAt: null,
  mayorReview: false,
  status: 'open',
  answer: null,
  history: [],
};

describe('list normalisation (spec section 4)', () => {
  it('accepts a plain array or an object with a monuments array', () => {
    expect(normaliseMonuments([monument])).toEqual([monument]);
    expect(normaliseMonuments({ monuments: [monument] })).toEqual([monument]);
  });

  it("reads a monument's proposal count, as the contract's schema has it", () => {
    const { proposals: _p, ...plain } = monument;
    expect(normaliseMonuments([plain])).toEqual([]);
    expect(normaliseMonuments([{ ...monument, proposals: -1 }])).toEqual([]);
  });

  it('gives an empty list for anything that is not a list', () => {
    for (const bad of [undefined, null, 'oops', 42, { items: [monument] }, { monuments: 'no' }]) {
      expect(normaliseMonuments(bad)).toEqual([]);
      expect(normaliseProposals(bad)).toEqual([]);
    }
  });

  it('leaves out items that do not match the contract', () => {
    expect(normaliseMonuments([monument, { id: 'broken' }, null])).toEqual([monument]);
    expect(normaliseProposals({ interventions: [proposal, { name: 1 }] })).toEqual([proposal]);
  });

  it('accepts interventions without id, as list data may lack it (spec section 3)', () => {
    const { id: _id, ...bare } = proposal;
    expect(normaliseProposals([bare])).toEqual([bare]);
  });

  it("reads the city's status and answer", () => {
    const answer = { de: 'Wird geprüft.', en: 'Under review.', answeredAt: '2026-11-01T09:00:00.000Z' };
    const history = [{ status: 'in_review', at: '2026-11-01T09:00:00.000Z', note: 'Im Ausschuss beraten' }];
    const answered = { ...proposal, id: 2, status: 'in_review', answer, history };
    expect(normaliseProposals([answered])).toEqual([answered]);
    // One language is enough: the other is null.
    const germanOnly = { ...answered, id: 3, answer: { ...answer, en: null } };
    expect(normaliseProposals([germanOnly])).toEqual([germanOnly]);
  });

  it('leaves out an unknown status or a malformed answer', () => {
    const badStatus = { ...proposal, status: 'approved' };
    const badAnswer = { ...proposal, answer: { de: 'nur deutsch' } };
    const badHistory = { ...proposal, history: [{ status: 'approved', at: '2026-11-01T09:00:00.000Z', note: null }] };
    expect(normaliseProposals([badStatus, badAnswer, badHistory, proposal])).toEqual([proposal]);
  });
});
