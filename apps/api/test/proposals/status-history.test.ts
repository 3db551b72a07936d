// A proposal's status history with public notes, answers in one language, the history in
// the follower mails and the Atom feed, and the public list of proposals waiting for an answer.
import {
  AwaitingAnswerList,
  type AwaitingAnswer,
  Intervention,
  ProposalList,
  MonumentProposalList,
  pathOf,
  routes,
  STATUS_NOTE_MAX,
} from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_KIND, expectAnswer, json, testApp } from '../support/harness.js';
import { writes } from '../support/open-data-helpers.js';
import { bearer, newStaff, snapshotRows } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let token: string;
let w: ReturnType<typeof writes>;
beforeEach(async () => {
  t = await testApp();
  token = await newStaff(t.database, 'Erika');
  w = writes(t, token);
});
afterEach(() => {
  vi.useRealTimers();
  return t.close();
});

const MON = 'mon-dreifaltigkeitssaeule';
const put = (id: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: pathOf(routes.staffAnswer.path, { proposalId: id }),
    headers: { ...json, ...bearer(token) },
    payload: payload as object,
  });
const answered = async (id: number, payload: unknown) => expectAnswer(await put(id, payload), 200, Intervention);
const publicRow = async (id: number) =>
  expectAnswer(
    await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: MON }) }),
    200,
    MonumentProposalList,
  ).find((i) => i.id === id);

describe(`status history (${DB_KIND})`, () => {
  it('keeps the first answer, every change of status and every answer with a note, oldest first', async () => {
    const p = await w.propose('Eine Linde', MON);
    expect((await publicRow(p.id))?.history).toEqual([]);
    await answered(p.id, { status: 'in_review', statement: { de: 'Wir prüfen das.' } });
    // A reworded statement with the same status and no note is no step.
    await answered(p.id, { status: 'in_review', statement: { de: 'Wir prüfen das genau.' } });
    await answered(p.id, {
      status: 'in_review',
      statement: { de: 'Wir prüfen das genau.' },
      note: 'Im Kulturausschuss am 12.3. beraten',
    });
    const last = await answered(p.id, { status: 'planned', statement: { de: 'Wird 2027 gepflanzt.' }, note: 'Beschluss' });
    const expected = [
      { status: 'in_review', note: null },
      { status: 'in_review', note: 'Im Kulturausschuss am 12.3. beraten' },
      { status: 'planned', note: 'Beschluss' },
    ];
    expect(last.history).toMatchObject(expected);
    expect(last.history.at(-1)?.at).toBe(last.answer?.answeredAt);
    // The public lists show the same history.
    expect((await publicRow(p.id))?.history).toEqual(last.history);
    const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
    expect(all.find((i) => i.id === p.id)?.history).toEqual(last.history);
  });

  it('a note is one line of at most STATUS_NOTE_MAX characters, kept as text; a bad one is 400 and changes nothing', async () => {
    const p = await w.propose('Ein Brunnen', MON);
    const before = await snapshotRows(t.database);
    for (const note of ['x'.repeat(STATUS_NOTE_MAX + 1), 'zwei\nZeilen', '   ', 42]) {
      const res = await put(p.id, { status: 'planned', statement: { de: 'Ja.' }, note });
      expect(res.statusCode, JSON.stringify(note)).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: 'Invalid input.', issues: [{ path: 'note' }] });
    }
    expect(await snapshotRows(t.database)).toEqual(before);
    const markup = '<b>Beschluss</b> & <script>x</script>';
    const ok = await answered(p.id, { status: 'planned', statement: { de: 'Ja.' }, note: markup });
    expect(ok.history.at(-1)?.note).toBe(markup);
    expect(
      (await answered(p.id, { status: 'done', statement: { de: 'Ja.' }, note: 'y'.repeat(STATUS_NOTE_MAX) })).history,
    ).toHaveLength(2);
  });

  it('an answer in one language is enough; with none it is 400 and changes nothing', async () => {
    const p = await w.propose('Ein Platz', MON);
    const before = await snapshotRows(t.database);
    for (const statement of [{}, { de: '  ' }, { de: '', en: '' }]) {
      const res = await put(p.id, { status: 'planned', statement });
      expect(res.statusCode, JSON.stringify(statement)).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        issues: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^statement/) })]),
      });
    }
    expect(await snapshotRows(t.database)).toEqual(before);
    expect((await answered(p.id, { status: 'planned', statement: { en: 'Planned.' } })).answer).toMatchObject({
      de: null,
      en: 'Planned.',
    });
    expect((await publicRow(p.id))?.answer).toMatchObject({ de: null, en: 'Planned.' });
    expect((await answered(p.id, { status: 'planned', statement: { de: 'Geplant.' } })).answer).toMatchObject({
      de: 'Geplant.',
      en: null,
    });
  });

  it('each step is an entry of the answers feed, with its day written out and its note as text', async () => {
    const p = await w.propose('Ein Denkmal für Johanna', MON);
    await w.votes(p.id, MON);
    await answered(p.id, { status: 'in_review', statement: { en: 'We look into it.' }, note: 'Im <Ausschuss> & beraten' });
    await answered(p.id, { status: 'planned', statement: { de: 'Geplant.' } });
    // The steps on known days (the city's time zone writes the day).
    await t.database.rows(
      sql`UPDATE status_history SET at = '2027-03-12T10:00:00Z' WHERE proposal_id = ${p.id} AND status = 'in_review'`,
    );
    const feed = (await t.app.inject({ url: routes.feedAnswers.path })).body;
    expect(feed).toContain('12. März 2027: in Prüfung – Im &lt;Ausschuss&gt; &amp; beraten');
    expect(feed).not.toContain('<Ausschuss>');
    const titles = [...feed.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Ein Denkmal für Johanna: Antwort der Stadt (geplant)',
        'Ein Denkmal für Johanna: Antwort der Stadt (in Prüfung)',
      ]),
    );
    // The current answer's statement goes with its own step only.
    expect(feed).toContain('Antwort der Stadt: Geplant.');
    expect(feed).not.toContain('We look into it.');
  });
});

describe(`proposals waiting for the city's answer (${DB_KIND})`, () => {
  const awaiting = async () => expectAnswer(await t.app.inject({ url: routes.awaitingAnswer.path }), 200, AwaitingAnswerList);
  const reachedOn = (id: number, iso: string) =>
    t.database.rows(sql`UPDATE mayor_notifications SET reached_at = ${iso} WHERE proposal_id = ${id} AND kind = 'threshold'`);

  it('lists proposals at the threshold without an answer, longest waiting first, with whole days waited', async () => {
    const early = await w.propose('Früh', MON);
    const late = await w.propose('Spät', MON);
    const few = await w.propose('Wenige Stimmen', MON);
    await w.votes(late.id, MON);
    await w.votes(early.id, MON);
    await w.votes(few.id, MON, 3);
    await reachedOn(early.id, '2027-01-01T12:00:00Z');
    await reachedOn(late.id, '2027-01-20T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-31T11:59:00Z'));
    const mine = (list: AwaitingAnswer[]) => list.filter((a) => [early.id, late.id, few.id].includes(a.id));
    expect(mine(await awaiting()).map((a) => [a.name, a.daysWaiting, a.monumentName])).toEqual([
      ['Früh', 29, 'Dreifaltigkeitssäule'],
      ['Spät', 10, 'Dreifaltigkeitssäule'],
    ]);
    vi.setSystemTime(new Date('2027-01-31T12:00:00Z'));
    expect(mine(await awaiting()).map((a) => a.daysWaiting)).toEqual([30, 11]);
    // A holding reply (an answer that leaves the status "open") keeps the wait.
    await answered(early.id, { status: 'open', statement: { de: 'Danke, wir melden uns.' } });
    expect(mine(await awaiting()).map((a) => a.name)).toEqual(['Früh', 'Spät']);
    // An answer that decides (any status but "open") ends it.
    await answered(early.id, { status: 'in_review', statement: { de: 'Wir prüfen.' } });
    expect(mine(await awaiting()).map((a) => a.name)).toEqual(['Spät']);
    // A mail held for a check of the votes is not with the city yet.
    await t.database.rows(sql`UPDATE mayor_notifications SET status = 'held' WHERE proposal_id = ${late.id}`);
    expect(mine(await awaiting())).toEqual([]);
  });
});
