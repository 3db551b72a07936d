// The mayor's e-mail, and followers' mails, across real API processes (test/support/server.ts): killed with SIGKILL mid-send and restarted, and two instances on one PostgreSQL.
// Children are always killed.
// "Nothing else arrives" is checked over whole polls the processes log (at debug level), not over a
// fixed time: a slow machine makes the wait longer instead of the check weaker.
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { addStaff } from '../../src/domain/staff/staff.js';
import type { ConfigOptions } from '../../src/config.js';
import { DB_KIND, freshDatabase, freshDataDir, withTestOptions } from '../support/harness.js';
import { startServer, type TestServer } from '../support/server.js';
import { startSmtpPeer, type SmtpPeer } from '@linz/test-peers/smtp';

// Two processes cannot share one PGlite folder: this test exists in the PostgreSQL project only.
const itOnPostgres: (name: string, fn: () => Promise<void>, timeout?: number) => void = DB_KIND === 'postgres' ? it : () => {};

const MAYOR = 'mayor.office@linz.example';
const MONUMENT = 'mon-dreifaltigkeitssaeule';

type Api = { base: string; server: TestServer };
const children: TestServer[] = [];
const cleanups: (() => Promise<unknown> | void)[] = [];

afterEach(async () => {
  for (const c of children.splice(0)) await c.signal('SIGKILL');
  for (const c of cleanups.splice(0).reverse()) await c();
});

// Deadlines are generous: on a loaded machine a restarted process's first SMTP exchange can time out
// (a quarter of the short lease) and wait for its retry; a passing run never waits for them.
async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Starts an API process (test/support/server.ts); resolves once it listens. */
async function startApi(env: Record<string, string>, options: ConfigOptions = {}): Promise<Api> {
  const server = await startServer({
    env: { LOG_LEVEL: 'debug', COOKIE_SECRET: 'test-secret-test-secret-test-secret-42', MAYOR_EMAIL: MAYOR, ...env },
    options: withTestOptions({ pressure: { requestDeadlineMs: 60_000 }, mailPollSeconds: 1, ...options }),
  });
  children.push(server);
  return { base: server.url, server };
}

async function post(api: Api, url: string, body: unknown) {
  const res = await fetch(`${api.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A new proposal; each vote comes without a cookie, so from a new browser. */
async function proposal(api: Api, name: string) {
  const { status, body } = await post(api, `/api/interventions/${MONUMENT}`, { name });
  expect(status).toBe(201);
  return Number(body.id);
}
const vote = (api: Api, id: number) => post(api, `/api/interventions/${id}/vote`, { monumentId: MONUMENT, action: 'vote' });

async function peer(mode: Parameters<typeof startSmtpPeer>[0]): Promise<SmtpPeer> {
  const p = await startSmtpPeer(mode);
  cleanups.push(() => p.stop());
  return p;
}

/** Polls the process has finished so far (each logs 'mayor mail round done'). */
const rounds = (api: Api) => api.server.output().split('mayor mail round done').length - 1;

/** Waits until every process has finished `n` more polls than it had when called. */
async function morePolls(apis: Api[], n: number) {
  const from = apis.map(rounds);
  await until(`${n} more mail polls`, () => apis.every((api, k) => rounds(api) >= (from[k] ?? 0) + n), 30_000);
}

const stopGracefully = (api: Api) => api.server.stop(15_000);

describe(`mayor e-mail across processes on ${DB_KIND}`, () => {
  it('an API process killed after the 10th vote and before the mail went out: exactly one message after a restart', async () => {
    const { env, remove } = await freshDataDir('mail-crash');
    cleanups.push(remove);
    const dataDir = env.DATA_DIR ?? '';
    const lease = { mailLeaseSeconds: 8 };
    const hanging = await peer('hang');
    const first = await startApi({ ...env, SMTP_URL: hanging.url }, lease);
    const id = await proposal(first, 'Ein Brunnen');
    for (let i = 1; i <= 10; i++) {
      const { status, body } = await vote(first, id);
      expect(status).toBe(200);
      expect(body.newVoteCount).toBe(i);
    }
    // The sender has claimed the row and is waiting for the SMTP greeting: kill it now.
    await until('the sender to connect', () => hanging.connections > 0, 10_000);
    await first.server.signal('SIGKILL');

    const database = await openDatabase(DB_KIND === 'postgres' ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir });
    const rows = await database.rows<{ status: string }>(sql`SELECT status FROM mayor_notifications WHERE proposal_id = ${id}`);
    await database.close();
    expect(rows).toEqual([{ status: 'sending' }]);

    const working = await peer('accept');
    const second = await startApi({ ...env, SMTP_URL: working.url }, lease);
    await until('the mail after the restart', () => working.messages.length > 0, 120_000);
    await morePolls([second], 3); // nothing else may arrive
    expect(working.messages).toHaveLength(1);
    expect(hanging.messages).toHaveLength(0);
    expect(working.messages[0]?.envelopeTo).toEqual([MAYOR]);
    const list = (await (await fetch(`${second.base}/api/interventions/all`)).json()) as {
      id: number;
      mayorNotifiedAt: string | null;
    }[];
    expect(list.find((i) => i.id === id)?.mayorNotifiedAt).toEqual(expect.any(String));
    await stopGracefully(second);
    const output = first.server.output() + second.server.output();
    expect(output).toContain('mayor e-mail sent');
    expect(output).not.toContain(MAYOR);
  }, 240_000);

  it("an API process killed while it sends followers' mails about a status change: exactly one mail each after a restart", async () => {
    const fresh = await freshDataDir('follow-crash');
    cleanups.push(fresh.remove);
    const env: Record<string, string> = { ...fresh.env, PUBLIC_URL: 'https://denkmal.linz.example' };
    const dataDir = env.DATA_DIR ?? '';
    const lease = { mailLeaseSeconds: 8 };
    // A proposal, a staff member and three confirmed followers, written before any process holds the
    // database (the opt-in itself is tested in follow.test.ts).
    const FOLLOWERS = ['anna@example.org', 'ben@example.org', 'cem@example.org'];
    const open = () => openDatabase(DB_KIND === 'postgres' ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir });
    let database = await open();
    await seedCity(database, linzCity());
    const [row] = await database.rows<{ id: number }>(
      sql`INSERT INTO proposals (monument_id, name, emoji) VALUES (${MONUMENT}, 'Eine Linde', '🌳') RETURNING id`,
    );
    const id = Number(row?.id);
    const staffToken = await addStaff(database, 'Stadt');
    for (const [i, email] of FOLLOWERS.entries()) {
      await database.rows(sql`INSERT INTO follows (proposal_id, email, email_hash, lang, status, token_seed, unsubscribe_token_hash, confirmed_at)
        VALUES (${id}, ${email}, ${`hash-${i}`}, 'de', 'confirmed', ${`seed-${i}`}, ${`unsub-${i}`}, now())`);
    }
    await database.close();

    const hanging = await peer('hang');
    const first = await startApi({ ...env, SMTP_URL: hanging.url }, lease);
    const answered = await fetch(`${first.base}/api/staff/interventions/${id}/answer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
      body: JSON.stringify({ status: 'planned', statement: { de: 'Wird gepflanzt.', en: 'To be planted.' } }),
    });
    expect(answered.status).toBe(200);
    // The sender has claimed the mails and waits for the SMTP greeting: kill it now.
    await until('the sender to connect', () => hanging.connections > 0, 10_000);
    await first.server.signal('SIGKILL');

    database = await open();
    const rows = await database.rows<{ status: string }>(sql`SELECT status FROM follow_mails WHERE kind = 'status'`);
    await database.close();
    expect(rows.map((r) => r.status)).toEqual(FOLLOWERS.map(() => 'sending'));

    const working = await peer('accept');
    const second = await startApi({ ...env, SMTP_URL: working.url }, lease);
    await until('the mails after the restart', () => working.messages.length >= FOLLOWERS.length, 120_000);
    await morePolls([second], 3); // nothing else may arrive
    expect(working.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(FOLLOWERS);
    expect(hanging.messages).toHaveLength(0);
    expect(new Set(working.messages.map((m) => m.headers.get('message-id'))).size).toBe(FOLLOWERS.length);
    for (const m of working.messages) expect(m.text).toContain('Wird gepflanzt.');
    await stopGracefully(second);
    const output = first.server.output() + second.server.output();
    expect(output).toContain('follower e-mail sent');
    for (const email of FOLLOWERS) expect(output).not.toContain(email);
  }, 300_000);

  itOnPostgres(
    'two API processes on one PostgreSQL, votes spread across both, crossing 10: one message per proposal',
    async () => {
      const { database, url } = await freshDatabase();
      cleanups.push(() => database.close());
      const smtp = await peer('accept');
      const env = { DATABASE_URL: url ?? '', SMTP_URL: smtp.url, DATA_DIR: tmpdir() };
      const [a, b] = await Promise.all([startApi(env), startApi(env)]);
      if (!a || !b) throw new Error('APIs did not start');
      const ids = [await proposal(a, 'Eine Linde'), await proposal(b, 'Eine Bank'), await proposal(a, 'Ein Brunnen')];
      // 12 votes for each proposal, alternating between the instances, all at once.
      const answers = await Promise.all(ids.flatMap((id) => Array.from({ length: 12 }, (_, i) => vote(i % 2 ? a : b, id))));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      await until('three mails', () => smtp.messages.length >= 3, 30_000);
      await morePolls([a, b], 3); // both instances poll every second: nothing else may arrive
      expect(smtp.messages).toHaveLength(3);
      const messageIds = smtp.messages.map((m) => m.headers.get('message-id') ?? '');
      expect(new Set(messageIds).size).toBe(3);
      for (const id of ids) expect(messageIds.filter((m) => m.startsWith(`<mayor-${id}-`))).toHaveLength(1);
      const rows = await database.rows<{ status: string; attempts: number }>(
        sql`SELECT status, attempts FROM mayor_notifications ORDER BY proposal_id`,
      );
      expect(rows).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })));
      await Promise.all([stopGracefully(a), stopGracefully(b)]);
    },
    120_000,
  );
});
