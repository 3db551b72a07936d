// The lists a page at a time: walking every page gives the whole filtered list once, in
// a stable order; the search is the finder's (accents and ß folded, every word); the cursor goes on
// after its item even when items were added before it; bad input is a 400 naming the parameter.
import {
  ErrorBody,
  fold,
  ProposalList,
  ProposalPage,
  matchesFilters,
  matchesText,
  MonumentList,
  MonumentPage,
  PAGE_LIMIT_DEFAULT,
  parseMonumentFilters,
  routes,
  type Monument,
} from '@linz/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSynthetic } from '../../src/db/synthetic.js';
import { DB_KIND, expectAnswer, testApp } from '../support/harness.js';
import { writes } from '../support/open-data-helpers.js';
import { newStaff } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let w: ReturnType<typeof writes>;
beforeAll(async () => {
  t = await testApp();
  w = writes(t, await newStaff(t.database, 'Erika'));
  await seedSynthetic(t.database, { monuments: 300, proposals: 250, region: 'austria', force: true });
  t.app.services.lists.monuments.invalidate();
  t.app.services.lists.proposals.invalidate();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url });
/** The order by a name (folded, then as written, then the id). */
const byNameIn = (name: (m: Monument) => string) => (a: Monument, b: Monument) => {
  const [x, y] = [
    [fold(name(a)), name(a), a.id],
    [fold(name(b)), name(b), b.id],
  ];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
  return 0;
};
const byName = byNameIn((m) => m.name);
/** An English list's order: the English name where there is one. */
const byEnglishName = byNameIn((m) => m.name_en || m.name);

/** Every page of a list, following nextCursor; each page's total is the same. */
async function walk<S extends typeof MonumentPage | typeof ProposalPage>(path: string, schema: S, query: string) {
  const items: unknown[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep: string = query ? '&' : '';
    const url: string = `${path}?${query}${cursor ? `${sep}cursor=${cursor}` : ''}`;
    const page = expectAnswer(await get(url), 200, schema) as S['_output'];
    items.push(...page.items);
    expect(page.items.length).toBeLessThanOrEqual(page.total);
    cursor = page.nextCursor;
    pages++;
    expect(pages).toBeLessThan(200);
    if (cursor === null) expect(items.length).toBe(page.total);
  } while (cursor !== null);
  return { items: items as S['_output']['items'], pages };
}

describe(`monument pages on ${DB_KIND}`, () => {
  it('walks the whole list once, ordered by name ignoring case and accents, filtered and searched as the finder does', async () => {
    const all = expectAnswer(await get(routes.listMonuments.path), 200, MonumentList);
    const first = expectAnswer(await get(routes.monumentsPage.path), 200, MonumentPage);
    expect(first.items).toHaveLength(PAGE_LIMIT_DEFAULT);
    expect(first.total).toBe(all.length);
    // The finder's choices: every category once (ignoring case), filtered or not.
    const categories = [...new Set(all.map((m) => m.category.toLowerCase()))].sort();
    expect(first.categories.map((c) => c.toLowerCase())).toEqual(categories);
    const filtered = expectAnswer(await get(`${routes.monumentsPage.path}?category=street&limit=1`), 200, MonumentPage);
    expect(filtered.categories).toEqual(first.categories);
    const { items, pages } = await walk(routes.monumentsPage.path, MonumentPage, 'limit=100');
    expect(pages).toBe(Math.ceil(all.length / 100));
    expect(items).toEqual([...all].sort(byName));
    for (const query of [
      'q=jagerstatter',
      'q=STRASSE  wien',
      'q=Größ',
      'sex=female&validated=1&limit=7',
      'category=street,bust&q=graz',
    ]) {
      const filters = parseMonumentFilters(Object.fromEntries(new URLSearchParams(query))).value;
      const expected = all.filter((m) => matchesFilters(m, filters)).sort(byName);
      expect(expected.length, query).toBeGreaterThan(0);
      expect((await walk(routes.monumentsPage.path, MonumentPage, query)).items, query).toEqual(expected);
    }
    expect(
      all.filter((m) => matchesFilters(m, { q: 'jagerstatter' })).every((m) => /Jägerstätter/.test(m.name + m.shortDescription)),
    ).toBe(true);
  });

  it('lang=en sorts by the English names (a monument without one by its name), filtered and searched alike', async () => {
    const all = expectAnswer(await get(routes.listMonuments.path), 200, MonumentList);
    const english = all.filter((m) => m.name_en && m.name_en !== m.name);
    expect(english.length).toBeGreaterThan(10);
    const { items } = await walk(routes.monumentsPage.path, MonumentPage, 'limit=37&lang=en');
    expect(items).toEqual([...all].sort(byEnglishName));
    // The orders differ, or this would prove nothing.
    expect(items).not.toEqual([...all].sort(byName));
    for (const query of ['q=wien', 'sex=female&limit=7']) {
      const filters = parseMonumentFilters(Object.fromEntries(new URLSearchParams(query))).value;
      const expected = all.filter((m) => matchesFilters(m, filters)).sort(byEnglishName);
      expect((await walk(routes.monumentsPage.path, MonumentPage, `${query}&lang=en`)).items, query).toEqual(expected);
    }
    // A German page's cursor is not an English page's, and an unknown language is refused.
    const german = expectAnswer(await get(`${routes.monumentsPage.path}?limit=3`), 200, MonumentPage);
    const mixed = expectAnswer(await get(`${routes.monumentsPage.path}?lang=en&cursor=${german.nextCursor}`), 400, ErrorBody);
    expect(mixed.issues?.map((i) => i.path)).toEqual(['cursor']);
    const unknown = expectAnswer(await get(`${routes.monumentsPage.path}?lang=fr`), 400, ErrorBody);
    expect(unknown.issues?.map((i) => i.path)).toEqual(['lang']);
  });

  it('goes on after the cursor’s item when monuments were added before it', async () => {
    const page1 = expectAnswer(await get(`${routes.monumentsPage.path}?limit=5&q=wien`), 200, MonumentPage);
    const page2 = expectAnswer(
      await get(`${routes.monumentsPage.path}?limit=5&q=wien&cursor=${page1.nextCursor}`),
      200,
      MonumentPage,
    );
    // "Aaa Wien" sorts before every page above.
    await w.addMonument('Aaa Wien Gedenkstein', 48.235, 14.38);
    const again = expectAnswer(
      await get(`${routes.monumentsPage.path}?limit=5&q=wien&cursor=${page1.nextCursor}`),
      200,
      MonumentPage,
    );
    expect(again.items).toEqual(page2.items);
    expect(again.total).toBe(page2.total + 1);
    const top = expectAnswer(await get(`${routes.monumentsPage.path}?limit=5&q=wien`), 200, MonumentPage);
    expect(top.items[0]?.name).toBe('Aaa Wien Gedenkstein');
  });

  it('answers 400 naming the parameter: a bad cursor, limit or filter, an unknown parameter', async () => {
    const cases: [string, string[]][] = [
      ['cursor=%25%25', ['cursor']],
      [`cursor=${Buffer.from('["x",1]').toString('base64url')}`, ['cursor']],
      [`cursor=${Buffer.from('not json').toString('base64url')}`, ['cursor']],
      [`cursor=${Buffer.from('["v",1,2]').toString('base64url')}`, ['cursor']],
      ['limit=0', ['limit']],
      ['limit=101', ['limit']],
      ['limit=ten', ['limit']],
      ['sex=robot&search=x', ['search', 'sex']],
      ['status=open', ['status']],
    ];
    for (const [query, names] of cases) {
      const body = expectAnswer(await get(`${routes.monumentsPage.path}?${query}`), 400, ErrorBody);
      expect(body.issues?.map((i) => i.path).sort(), query).toEqual(names);
    }
    const ok = await get(`${routes.monumentsPage.path}?limit=3`);
    expect((await get(`${routes.monumentsPage.path}?limit=3`)).headers.etag).toBe(ok.headers.etag);
    expect(
      (await t.app.inject({ url: `${routes.monumentsPage.path}?limit=3`, headers: { 'if-none-match': String(ok.headers.etag) } }))
        .statusCode,
    ).toBe(304);
  });
});

describe(`proposal pages on ${DB_KIND}`, () => {
  it('walks the list by votes (then newest) or newest, with each proposal’s monument; status and q filter', async () => {
    const all = expectAnswer(await get(routes.allProposals.path), 200, ProposalList);
    const monuments = new Map(expectAnswer(await get(routes.listMonuments.path), 200, MonumentList).map((m) => [m.id, m]));
    const { items } = await walk(routes.proposalsPage.path, ProposalPage, 'limit=40');
    expect(items.map((i) => i.id)).toEqual([...all].sort((a, b) => b.votes - a.votes || b.id - a.id).map((i) => i.id));
    for (const i of items) expect(i.monument).toEqual(monuments.get(i.monumentId));
    const newest = await walk(routes.proposalsPage.path, ProposalPage, 'sort=newest&limit=100');
    expect(newest.items.map((i) => i.id)).toEqual(all.map((i) => i.id).sort((a, b) => b - a));
    for (const query of ['status=planned,done', 'q=suttner', 'q=kepler&sort=newest', 'q=Denkmal für&status=open']) {
      const params = new URLSearchParams(query);
      const statuses = params.get('status')?.split(',');
      const q = params.get('q');
      const expected = items.filter(
        (i) =>
          (!statuses || statuses.includes(i.status)) && (!q || matchesText(q, [i.name, i.monument.name, i.monument.name_en])),
      );
      if (params.get('sort') === 'newest') expected.sort((a, b) => b.id - a.id);
      expect(expected.length, query).toBeGreaterThan(0);
      expect((await walk(routes.proposalsPage.path, ProposalPage, `${query}&limit=9`)).items, query).toEqual(expected);
    }
  });

  it('refuses a cursor of the other order, and unknown parameters', async () => {
    const byVotes = expectAnswer(await get(`${routes.proposalsPage.path}?limit=2`), 200, ProposalPage);
    for (const [query, names] of [
      [`sort=newest&cursor=${byVotes.nextCursor}`, ['cursor']],
      ['sort=oldest', ['sort']],
      ['category=statue', ['category']],
    ] as const) {
      const body = expectAnswer(await get(`${routes.proposalsPage.path}?${query}`), 400, ErrorBody);
      expect(body.issues?.map((i) => i.path).sort(), query).toEqual(names);
    }
  });
});
