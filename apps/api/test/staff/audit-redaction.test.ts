// Personal data out of the audit log (GDPR Art. 17; issue 56): a phone number a visitor wrote into a
// proposal stays in the log's record of the clerk's correction until staff redact it. The redaction
// takes the text out of every value recorded for that item (list and CSV alike), and of no other
// item's; it is itself logged without the text; the log stays append-only otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routes, type AuditPage } from '@linz/contract';
import { fieldText, type Lookup } from '@linz/contract/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textAt, type Translation } from '../../src/http/locale.js';
import { DB_KIND, propose, testApp } from '../support/harness.js';
import { bearer, dataOf, newStaff, trpcGet, trpcPost } from '../support/staff-helpers.js';

const webPublic = path.resolve(import.meta.dirname, '../../../web/public');
const lookup = (lang: string): Lookup => {
  const texts = JSON.parse(readFileSync(path.join(webPublic, 'locales', lang, 'translation.json'), 'utf8')) as Translation;
  return (key) => textAt(texts, key);
};

const MON = 'mon-dreifaltigkeitssaeule';
const PHONE = '0664 1234567';

describe(`redacting the audit log on ${DB_KIND}`, () => {
  type T = Awaited<ReturnType<typeof testApp>>;
  let t: T;
  let erika: string;
  let proposalId: number;
  let otherId: number;

  const post = (procedure: string, input: unknown, token = erika) => t.app.inject(trpcPost(procedure, input, bearer(token)));
  const entriesOf = async (item: number) =>
    dataOf<AuditPage>(await t.app.inject(trpcGet('staff.audit.list', { item: String(item) }, bearer(erika)))).entries;
  const csvOf = async (item: number) =>
    (await t.app.inject({ method: 'GET', url: `${routes.staffAuditCsv.path}?lang=de&item=${item}`, headers: bearer(erika) }))
      .body;

  beforeAll(async () => {
    t = await testApp({}, { config: { webDist: webPublic } });
    erika = await newStaff(t.database, 'Erika Muster');
    proposalId = (await propose(t.app, `Tafel für Oma, ruft mich an: ${PHONE}`, MON)).id;
    otherId = (await propose(t.app, `Noch eine Tafel, Tel. ${PHONE}`, MON)).id;
    for (const [id, name] of [
      [proposalId, 'Tafel für Oma'],
      [otherId, 'Noch eine Tafel'],
    ] as const)
      expect((await post('staff.proposals.update', { proposalId: id, name })).statusCode).toBe(200);
  }, 240_000);
  afterAll(() => t?.close());

  it('takes the text out of every value recorded for the item, in the list and the CSV, and logs itself without it', async () => {
    const [update] = await entriesOf(proposalId);
    expect(update?.changes).toEqual([{ field: 'name', before: `Tafel für Oma, ruft mich an: ${PHONE}`, after: 'Tafel für Oma' }]);
    expect(await csvOf(proposalId)).toContain(PHONE);

    const res = await post('staff.audit.redact', { entryId: update!.id, text: ' 0664 1234567 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({ entries: 1 });

    const after = await entriesOf(proposalId);
    expect(after.map((e) => e.action)).toEqual(['audit.redact', 'proposal.update']);
    expect(after[1]?.changes).toEqual([{ field: 'name', before: 'Tafel für Oma, ruft mich an: […]', after: 'Tafel für Oma' }]);
    expect(after[0]).toMatchObject({ actor: 'Erika Muster', itemKind: 'proposal', itemId: String(proposalId) });
    expect(after[0]?.changes).toEqual([{ field: 'redactedEntries', before: null, after: 1 }]);
    for (const lang of ['de', 'en']) expect(fieldText('proposal', 'redactedEntries', lookup(lang))).not.toBe('redactedEntries');
    expect(JSON.stringify(after)).not.toContain('1234567');
    expect(await csvOf(proposalId)).not.toContain('1234567');
    // Another item's entries keep theirs until they are redacted too.
    expect(JSON.stringify(await entriesOf(otherId))).toContain(PHONE);
  });

  it('refuses a text too short, one the item’s entries do not hold, an unknown entry and anyone not signed in; changes nothing', async () => {
    const [entry] = await entriesOf(otherId);
    const short = await post('staff.audit.redact', { entryId: entry!.id, text: '06' });
    expect(short.statusCode).toBe(400);
    const absent = await post('staff.audit.redact', { entryId: entry!.id, text: 'nirgends' });
    expect(absent.statusCode).toBe(400);
    expect(absent.body).toContain('INVALID_INPUT');
    expect((await post('staff.audit.redact', { entryId: 999_999, text: PHONE })).statusCode).toBe(404);
    const anonymous = await t.app.inject(trpcPost('staff.audit.redact', { entryId: entry!.id, text: PHONE }));
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.stringify(await entriesOf(otherId))).toContain(PHONE);
  });

  /** What the database said when it refused (drizzle wraps it in the failed query). */
  const refusal = (done: Promise<unknown>) =>
    done.then(
      () => 'done',
      (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
    );

  it('stays append-only outside a redaction: an UPDATE or DELETE of an entry is refused', async () => {
    const [entry] = await entriesOf(otherId);
    expect(await refusal(t.database.rows(sql`UPDATE audit_log SET before = NULL WHERE id = ${entry!.id}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.database.rows(sql`DELETE FROM audit_log WHERE id = ${entry!.id}`))).toMatch(/append-only/);
    // In a transaction that says it redacts, still only the recorded values may change.
    const other = t.database.db.transaction(async (tx) => {
      await t.database.rows(sql`SELECT set_config('denkmal.audit_redaction', 'on', true)`, tx);
      await t.database.rows(sql`UPDATE audit_log SET actor = 'Jemand' WHERE id = ${entry!.id}`, tx);
    });
    expect(await refusal(other)).toMatch(/append-only/);
    expect((await entriesOf(otherId))[0]?.actor).toBe('Erika Muster');
  });
});
