// The finder's indexes follow a write by updating the few items it touched (issue 57), not by a
// rebuild: a vote moves one proposal in the votes order and shares the rest (its texts, the newest
// order), a new proposal is added at the end, a monument whose count changed keeps its place and the
// map its cluster indexes. After every write each kept search and filter set answers exactly what an
// index built whole from the same lists answers. Real writes through the API on the test database.
import { pathOf, routes, type Monument, type MonumentFilters, type ProposalSearch } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  monumentIndex,
  monumentIndexes,
  monumentPage,
  pairOf,
  proposalIndexes,
  proposalIndexSteps,
  proposalPage,
  type MonumentIndex,
  type ProposalIndex,
} from '../../src/domain/lists/finder.js';
import { runAtOnce } from '../../src/domain/lists/models.js';
import { browser, json, propose, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SEARCHES: ProposalSearch[] = [
  { sort: 'votes' },
  { sort: 'newest' },
  { sort: 'votes', q: 'brunnen' },
  { sort: 'newest', q: 'tafel' },
  { sort: 'votes', status: ['open'] },
];
const FILTERS: MonumentFilters[] = [{}, { proposals: true }, { q: 'brunnen' }, { validated: true }];

/** Every page of a search, as ids (a page of 7, so the cursors are used too). */
function allProposals(index: ProposalIndex, search: ProposalSearch): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = proposalPage(index, search, { limit: 7, cursor });
    ids.push(...page.items.map((i) => i.id));
    expect(page.items.every((i) => i.monument.id === i.monumentId)).toBe(true);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}
const allMonuments = (index: MonumentIndex, filters: MonumentFilters) =>
  monumentPage(index, filters, { limit: 10_000 }).items.map((m) => `${m.id}:${m.proposals}`);

describe('the finder’s indexes after a write', () => {
  it('are updated in place and answer what an index built whole answers', async () => {
    t = await testApp({ TRUST_PROXY: '1' });
    const { app } = t;
    const lists = app.services.lists;
    const indexes = async () => {
      const [proposals, monuments] = await Promise.all([lists.proposals.get(), lists.monuments.get()]);
      return {
        proposals: await proposalIndexes.exactly(pairOf(proposals.data, monuments.data)),
        monuments: await monumentIndexes.exactly(monuments.data),
      };
    };
    const monuments = (await lists.monuments.get()).data;
    const targets = [monuments[2], monuments[7], monuments[11]] as Monument[];
    const made = [];
    for (const [k, name] of ['Ein Brunnen', 'Eine Tafel', 'Ein Brunnen mit Tafel', 'Ein Baum'].entries())
      made.push(await propose(app, name, (targets[k % targets.length] as Monument).id));
    const compare = async () => {
      const now = await indexes();
      const wholeProposals = runAtOnce(proposalIndexSteps(pairOf(now.proposals.list, now.proposals.monuments), undefined));
      for (const search of SEARCHES) expect(allProposals(now.proposals, search)).toEqual(allProposals(wholeProposals, search));
      const wholeMonuments = monumentIndex(now.monuments.list);
      expect(wholeMonuments).not.toBe(now.monuments);
      for (const filters of FILTERS) expect(allMonuments(now.monuments, filters)).toEqual(allMonuments(wholeMonuments, filters));
      return now;
    };
    // The searches and filter sets in use, kept by the indexes.
    let before = await compare();

    // Votes from different networks: the voted proposal moves up, nothing else is made anew.
    for (const [k, proposal] of [made[3], made[3], made[1], made[0], made[3]].entries()) {
      const answer = await app.inject({
        method: 'POST',
        url: pathOf(routes.castVote.path, { proposalId: proposal!.id }),
        headers: { ...json, ...browser(app, `voter-${k}`), 'x-forwarded-for': `203.0.113.${k + 1}` },
        payload: { monumentId: proposal!.monumentId, action: 'vote' },
      });
      expect(answer.statusCode).toBe(200);
      const now = await compare();
      expect(now.proposals.items).not.toBe(before.proposals.items);
      expect(now.proposals.texts.pieces[0]).toBe(before.proposals.texts.pieces[0]);
      expect(now.proposals.byNewest).toBe(before.proposals.byNewest);
      expect(now.proposals.ofMonument).toBe(before.proposals.ofMonument);
      before = now;
    }
    expect(allProposals(before.proposals, { sort: 'votes' })[0]).toBe(made[3]!.id);

    // A new proposal: its monument's count changes in place (the monument index updated, the
    // map's places the same), and the proposal is added at the end of the proposals' index.
    const added = await propose(app, 'Noch ein Brunnen', targets[1]!.id);
    const now = await compare();
    expect(now.monuments.list).not.toBe(before.monuments.list);
    expect(now.monuments.samePlacesAs?.deref()).toBe(before.monuments);
    expect(now.proposals.items.at(-1)?.id).toBe(added.id);
    expect(now.proposals.ofMonument).toBe(before.proposals.ofMonument);
    expect(now.monuments.matching({ proposals: true }).length).toBeGreaterThan(0);

    // A visitor's monument: the monument index is built whole (the others' positions move), and
    // the proposals' index keeps its own.
    const placed = await app.inject({
      method: 'POST',
      url: routes.addMonument.path,
      headers: json,
      payload: { name: 'Aaron-Brunnen', geoLocX: 48.3, geoLocY: 14.29 },
    });
    expect(placed.statusCode).toBe(201);
    const last = await compare();
    expect(last.monuments.samePlacesAs).toBeUndefined();
    expect(last.monuments.matching({ q: 'aaron brunnen' }).length).toBe(1);
    expect(last.proposals.ofMonument).toBe(now.proposals.ofMonument);
  });
});
