// The finder's indexes follow a write by updating the few items it touched (issue 57), not by a
// rebuild: a vote moves one proposal in the votes order and shares the rest (its texts, the newest
// order), a new proposal is added at the end, a monument whose count changed keeps its place and the
// map its cluster indexes, a visitor's monument is inserted where it belongs. After every write each kept search and filter set answers exactly what an
// index built whole from the same lists answers. Real writes through the API on the test database.
import { pathOf, routes, type Monument, type MonumentFilters, type ProposalSearch } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  monumentIndex,
  monumentIndexes,
  monumentIndexSteps,
  monumentPage,
  pairOf,
  proposalIndexes,
  proposalIndexSteps,
  proposalPage,
  type MonumentIndex,
  type ProposalIndex,
} from '../../src/domain/lists/finder.js';
import { runAtOnce } from '../../src/domain/lists/models.js';
import { publicListCaches } from '../../src/domain/lists/list-caches.js';
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
      // A vote moves nothing in the newest first: those searches keep their matches, not copies.
      // (The kept searches may include other test files' too, which share the module: only ours.)
      const newest = (index: ProposalIndex) =>
        new Map(
          index.matches
            .entries()
            .filter(([, { search }]) =>
              SEARCHES.some(
                (s) => s.sort === 'newest' && search.sort === 'newest' && s.q === search.q && !s.status && !search.status,
              ),
            ),
        );
      expect(newest(now.proposals).size).toBe(2);
      for (const [key, kept] of newest(now.proposals)) expect(kept.positions).toBe(newest(before.proposals).get(key)?.positions);
      before = now;
    }
    expect(allProposals(before.proposals, { sort: 'votes' })[0]).toBe(made[3]!.id);

    // A new proposal: its monument's count changes in place (the monument index updated, the
    // map's places the same), and the proposal is added at the end of the proposals' index.
    const added = await propose(app, 'Noch ein Brunnen', targets[1]!.id);
    const now = await compare();
    expect(now.monuments.list).not.toBe(before.monuments.list);
    expect(now.monuments.samePlacesAs?.deref()).toBe(before.monuments);
    // Its monument passes each filter set as it did: the kept matches are the ones before, not copies.
    for (const filters of FILTERS) expect(now.monuments.matching(filters)).toBe(before.monuments.matching(filters));
    expect(now.proposals.items.at(-1)?.id).toBe(added.id);
    expect(now.proposals.ofMonument).toBe(before.proposals.ofMonument);
    expect(now.monuments.matching({ proposals: true }).length).toBeGreaterThan(0);

    // Visitors' monuments, first and last in the order: inserted where they belong (the others'
    // positions move on), the map's clusters made anew; the proposals' index keeps its own.
    let last = now;
    for (const name of ['Aaron-Brunnen', 'Zyklus-Brunnen']) {
      const placed = await app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { name, geoLocX: 48.3, geoLocY: 14.29 },
      });
      expect(placed.statusCode).toBe(201);
      const next = await compare();
      expect(next.monuments.updatedFrom?.deref()).toBe(last.monuments);
      expect(next.monuments.samePlacesAs).toBeUndefined();
      expect(next.proposals.ofMonument).toBe(now.proposals.ofMonument);
      last = next;
    }
    expect(last.monuments.matching({ q: 'aaron brunnen' }).length).toBe(1);
    expect(last.monuments.textAt(last.monuments.list.length - 1)).toContain('zyklus');
  });
});

describe('the finder’s indexes over many pieces of texts', () => {
  it('stay equal to an index built whole through inserts, changes and appends across pieces', async () => {
    // Lists kept as the app keeps them (read-cache.ts, items merged by id), large enough for many
    // pieces of joined texts (1,024 items each); the rows are the loader's, as a database's would be.
    const WORDS = ['Brunnen', 'Tafel', 'Kepler', 'Stifter', 'Donau', 'Straße'];
    const monumentRows: Monument[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `syn-${String(i).padStart(5, '0')}`,
      name: `${WORDS[i % 6]} ${WORDS[(i * 5) % 6]} ${String(i).padStart(5, '0')}`,
      geoLocX: 48.3 + (i % 97) / 1000,
      geoLocY: 14.28 + (i % 89) / 1000,
      category: ['statue', 'plaque', 'memorial'][i % 3] as string,
      sex: i % 3 === 0 ? 'female' : 'male',
      validated: i % 4 !== 0,
      shortDescription: '',
      shortDescription_en: '',
      image: '',
      alternatives: [],
      proposals: i % 2,
    }));
    type Row = { id: number; monumentId: string; name: string; emoji: string; votes: number };
    const proposalRows: Row[] = Array.from({ length: 2047 }, (_, i) => ({
      id: i + 1,
      monumentId: (monumentRows[(i * 7) % 5000] as Monument).id,
      name: `Vorschlag ${WORDS[i % 6]} ${i}`,
      emoji: '🌳',
      votes: (i * 31) % 17,
    }));
    const rowsOf =
      <T extends { id: I }, I>(rows: T[]) =>
      async (ids?: I[]) =>
        ids ? rows.filter((r) => ids.includes(r.id)) : rows;
    const { monuments, proposals } = publicListCaches({ monuments: rowsOf(monumentRows), proposals: rowsOf(proposalRows) });

    const now = async () => {
      const [p, m] = [(await proposals.get()).data, (await monuments.get()).data];
      return { p: runAtOnce(proposalIndexSteps(pairOf(p, m), lastP)), m: runAtOnce(monumentIndexSteps(m, lastM)) };
    };
    const MANY_FILTERS: MonumentFilters[] = [...FILTERS, { q: 'kepler 0' }, { sex: ['female'] }];
    let lastP: ProposalIndex | undefined;
    let lastM: MonumentIndex | undefined;
    const check = async () => {
      const { p, m } = await now();
      const wholeP = runAtOnce(proposalIndexSteps(pairOf(p.list, p.monuments), undefined));
      for (const search of SEARCHES) expect(allProposals(p, search)).toEqual(allProposals(wholeP, search));
      const wholeM = runAtOnce(monumentIndexSteps(m.list.slice(), undefined));
      for (const filters of MANY_FILTERS) {
        expect(allMonuments(m, filters)).toEqual(allMonuments(wholeM, filters));
      }
      for (const i of [0, 1023, 1024, 2500, m.list.length - 1]) expect(m.textAt(i)).toBe(wholeM.textAt(i));
      for (const filters of MANY_FILTERS) m.matching(filters);
      for (const search of SEARCHES) proposalPage(p, search, { limit: 1 });
      lastP = p;
      lastM = m;
      return { p, m };
    };
    await check();
    const refresh = async (cache: typeof monuments | typeof proposals, ids: (string | number)[]) => {
      await cache.changed!(ids);
    };
    // Monuments added first, in the middle and last in the order, and counts changed in place.
    for (const [k, name] of ['Aaron Brunnen', 'Kepler Zwischen 02500x', 'Zyklus Tafel'].entries()) {
      const id = `new-${k}`;
      monumentRows.push({ ...(monumentRows[0] as Monument), id, name, sex: 'female' });
      await refresh(monuments, [id]);
      const { m } = await check();
      expect(m.updatedFrom).toBeDefined();
    }
    for (const i of [3, 2000, 4999]) monumentRows[i] = { ...(monumentRows[i] as Monument), proposals: 5 };
    await refresh(monuments, ['syn-00003', 'syn-02000', 'syn-04999']);
    expect((await check()).m.samePlacesAs).toBeDefined();
    // Votes, and new proposals across the end of a piece (2,047 → 2,050 items).
    for (const i of [0, 1500, 2046]) proposalRows[i] = { ...(proposalRows[i] as Row), votes: 40 + i };
    await refresh(proposals, [1, 1501, 2047]);
    await check();
    for (const id of [2048, 2049, 2050]) {
      proposalRows.push({ id, monumentId: 'syn-01000', name: `Neu Brunnen ${id}`, emoji: '🌳', votes: 0 });
      await refresh(proposals, [id]);
      const { p } = await check();
      expect(p.items.at(-1)?.id).toBe(id);
    }
  });
});
