// The daily retention job (domain/site/retention.ts): rows just outside each window go, rows just
// inside stay; votes, proposals and monuments themselves stay (only their address hashes are
// blanked); each run writes one audit entry with its counts; on PostgreSQL two instances never
// run it at once; the schedule is 10 minutes after start, then every 24 hours, and the server keeps it.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { listAudit } from '../../src/domain/staff/audit.js';
import {
  EXPIRED_HASH,
  RETENTION_FIRST_RUN_MS,
  RETENTION_INTERVAL_MS,
  RETENTION_STEPS,
  runRetention,
  scheduleRetention,
} from '../../src/domain/site/retention.js';
import { DB_KIND, freshDatabase, testApp } from '../support/harness.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const S = 1000;
const MON = 'mon-dreifaltigkeitssaeule';

async function database(): Promise<{ database: Database; url?: string }> {
  const fresh = await freshDatabase();
  cleanups.push(() => fresh.database.close());
  return fresh;
}

/** Rows one second inside and one second outside each window. */
async function fill(db: Database) {
  const q = (query: ReturnType<typeof sql>) => db.rows(query);
  await q(sql`INSERT INTO sign_in_attempts (ip_hash, at) VALUES
    ('fail-old', ${at(-15 * 60 * S - S)}), ('fail-new', ${at(-15 * 60 * S + S)})`);
  const [member] = await db.rows<{ id: number }>(sql`INSERT INTO staff (name, token_hash) VALUES ('Erika', 'tok') RETURNING id`);
  await q(sql`INSERT INTO staff_sessions (id_hash, staff_id, expires_at, ended_at) VALUES
    ('expired', ${member?.id}, ${at(-S)}, NULL),
    ('ended', ${member?.id}, ${at(DAY)}, ${at(-S)}),
    ('live', ${member?.id}, ${at(S)}, NULL)`);
  await q(sql`DELETE FROM ip_keys`);
  await q(sql`INSERT INTO ip_keys (day, key) VALUES ('2026-06-13', 'k1'), ('2026-06-14', 'k2'), ('2026-06-15', 'k3')`);
  const month = 30 * DAY;
  const [old] = await db.rows<{
    id: number;
  }>(sql`INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash, created_at, votes)
    VALUES (${MON}, 'Alt', '🌳', 'creator-old', ${at(-month - S)}, 2) RETURNING id`);
  const [young] = await db.rows<{
    id: number;
  }>(sql`INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash, created_at)
    VALUES (${MON}, 'Jung', '🌳', 'creator-new', ${at(-month + S)}) RETURNING id`);
  await q(sql`INSERT INTO votes (proposal_id, voter_hash, ip_hash, net_hash, area_hash, created_at) VALUES
    (${old?.id}, 'voter-1', 'vote-old', 'net-old', 'area-old', ${at(-month - S)}), (${old?.id}, 'voter-2', 'vote-new', 'net-new', 'area-new', ${at(-month + S)})`);
  // A vote's confirmation whose link expired a second ago (it goes with its address), and one still valid.
  await q(sql`INSERT INTO vote_confirmations (proposal_id, voter_hash, email, email_hash, email_domain, lang, token_seed, token_hash, expires_at)
    VALUES (${old?.id}, 'voter-1', 'a@linz.example', 'h1', 'linz.example', 'de', 's1', 't1', ${at(-S)}),
           (${old?.id}, 'voter-2', 'b@linz.example', 'h2', 'linz.example', 'de', 's2', 't2', ${at(S)})`);
  await q(sql`INSERT INTO monuments (id, name, lat, lng, category, sex, creator_ip_hash, created_at) VALUES
    ('mon-alt', 'Alt', 48.3, 14.3, 'bust', 'male', 'mon-old', ${at(-month - S)}),
    ('mon-jung', 'Jung', 48.3, 14.3, 'bust', 'male', 'mon-new', ${at(-month + S)})`);
  await q(sql`INSERT INTO photos (id, monument_id, alt, licence, hash, width, height, image, thumb, uploader_voter_hash, uploader_ip_hash, uploader_net_hash, created_at) VALUES
    ('00000000-0000-4000-8000-000000000001', 'mon-alt', 'Alt text', 'CC-BY-4.0', 'h1', 1, 1, '\\x00'::bytea, '\\x00'::bytea, 'pv', 'photo-old', 'photo-net-old', ${at(-month - S)}),
    ('00000000-0000-4000-8000-000000000002', 'mon-jung', 'Alt text', 'CC-BY-4.0', 'h2', 1, 1, '\\x00'::bytea, '\\x00'::bytea, 'pv', 'photo-new', 'photo-net-new', ${at(-month + S)})`);
  const half = 180 * DAY;
  await q(sql`INSERT INTO reports (item_kind, item_id, reporter_hash, reason, creator_ip_hash, created_at, resolved_at) VALUES
    ('proposal', ${String(young?.id)}, 'rep-settled-old', 'spam', 'rip-settled-old', ${at(-2 * half)}, ${at(-half - S)}),
    ('proposal', ${String(young?.id)}, 'rep-settled-new', 'spam', 'rip-settled-new', ${at(-2 * half)}, ${at(-half + S)}),
    ('proposal', ${String(young?.id)}, 'rep-open', 'spam', 'rip-open', ${at(-2 * half)}, NULL)`);
  return { old: old?.id ?? 0, young: young?.id ?? 0 };
}

const column = (db: Database, query: ReturnType<typeof sql>) =>
  db.rows<{ v: string | null }>(query).then((rows) => rows.map((r) => r.v));

describe(`retention on ${DB_KIND}`, () => {
  it('deletes or blanks what is just outside each window, keeps what is just inside, and audits one entry per run', async () => {
    const { database: db } = await database();
    const { old, young } = await fill(db);
    const run = await runRetention(db, { now: NOW, retentionDays: 30 });
    const counts = {
      signInAttempts: 1,
      staffSessions: 2,
      ipKeys: 1,
      addressHashes: {
        votes: 1,
        voteNetworks: 1,
        voteAreas: 1,
        proposals: 1,
        monuments: 1,
        accessibilityFeedback: 0,
        photos: 1,
        photoNetworks: 1,
        placeSuggestions: 0,
      },
      settledReports: 1,
      follows: { unconfirmed: 0, ended: 0 },
      voteConfirmations: 1,
      writeMarks: 0,
      idempotencyKeys: 0,
      accessibilityFeedback: { emails: 0, messages: 0 },
    };
    expect(run?.counts).toEqual(counts);

    expect(await column(db, sql`SELECT ip_hash AS v FROM sign_in_attempts`)).toEqual(['fail-new']);
    expect(await column(db, sql`SELECT id_hash AS v FROM staff_sessions`)).toEqual(['live']);
    expect(await column(db, sql`SELECT day AS v FROM ip_keys ORDER BY day`)).toEqual(['2026-06-14', '2026-06-15']);
    expect(await column(db, sql`SELECT ip_hash AS v FROM votes ORDER BY voter_hash`)).toEqual([EXPIRED_HASH, 'vote-new']);
    expect(await column(db, sql`SELECT creator_ip_hash AS v FROM proposals WHERE id IN (${old}, ${young}) ORDER BY id`)).toEqual([
      EXPIRED_HASH,
      'creator-new',
    ]);
    expect(
      await column(db, sql`SELECT creator_ip_hash AS v FROM monuments WHERE id LIKE 'mon-alt' OR id LIKE 'mon-jung' ORDER BY id`),
    ).toEqual([EXPIRED_HASH, 'mon-new']);
    expect(await column(db, sql`SELECT uploader_ip_hash AS v FROM photos ORDER BY id`)).toEqual([EXPIRED_HASH, 'photo-new']);
    expect(await column(db, sql`SELECT uploader_net_hash AS v FROM photos ORDER BY id`)).toEqual([EXPIRED_HASH, 'photo-net-new']);
    const reports = await db.rows<{ id: number; reporter_hash: string; creator_ip_hash: string | null }>(
      sql`SELECT id, reporter_hash, creator_ip_hash FROM reports ORDER BY id`,
    );
    expect(reports.map((r) => [r.reporter_hash, r.creator_ip_hash])).toEqual([
      [`${EXPIRED_HASH}:${reports[0]?.id}`, null],
      ['rep-settled-new', 'rip-settled-new'],
      ['rep-open', 'rip-open'],
    ]);
    // Nothing but hashes went: the votes and their counter still agree.
    expect(await column(db, sql`SELECT count(*)::text AS v FROM votes`)).toEqual(['2']);
    expect(await column(db, sql`SELECT votes::text AS v FROM proposals WHERE id = ${old}`)).toEqual(['2']);

    const first = await listAudit(db, { action: 'retention.run' });
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({ actor: 'system', itemKind: 'retention', itemId: '2026-06-15' });
    expect(first.entries[0]?.after).toEqual({ ranAt: NOW.toISOString(), retentionDays: 30, counts });

    // A second run finds nothing more, and says so in its own entry.
    const again = await runRetention(db, { now: NOW, retentionDays: 30 });
    expect(again?.counts).toEqual({
      signInAttempts: 0,
      staffSessions: 0,
      ipKeys: 0,
      addressHashes: {
        votes: 0,
        voteNetworks: 0,
        voteAreas: 0,
        proposals: 0,
        monuments: 0,
        accessibilityFeedback: 0,
        photos: 0,
        photoNetworks: 0,
        placeSuggestions: 0,
      },
      settledReports: 0,
      follows: { unconfirmed: 0, ended: 0 },
      voteConfirmations: 0,
      writeMarks: 0,
      idempotencyKeys: 0,
      accessibilityFeedback: { emails: 0, messages: 0 },
    });
    expect((await listAudit(db, { action: 'retention.run' })).entries).toHaveLength(2);
  });

  it('RETENTION_DAYS moves the address-hash window', async () => {
    const { database: db } = await database();
    await fill(db);
    const run = await runRetention(db, { now: NOW, retentionDays: 31 });
    expect(run?.counts.addressHashes).toEqual({
      votes: 0,
      voteNetworks: 0,
      voteAreas: 0,
      proposals: 0,
      monuments: 0,
      accessibilityFeedback: 0,
      photos: 0,
      photoNetworks: 0,
      placeSuggestions: 0,
    });
    const wide = await runRetention(db, { now: NOW, retentionDays: 29 });
    expect(wide?.counts.addressHashes).toEqual({
      votes: 2,
      voteNetworks: 2,
      voteAreas: 2,
      proposals: 2,
      monuments: 2,
      accessibilityFeedback: 0,
      photos: 2,
      photoNetworks: 2,
      placeSuggestions: 0,
    });
  });

  it.runIf(DB_KIND === 'postgres')('two instances at once: one runs, the other skips (advisory lock)', async () => {
    const { url } = await database();
    const a = await openDatabase({ databaseUrl: url, poolSize: 3 });
    const b = await openDatabase({ databaseUrl: url, poolSize: 3 });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    let entered!: () => void;
    let release!: () => void;
    const inGate = new Promise<void>((r) => (entered = r));
    const gate = new Promise<void>((r) => (release = r));
    const steps = [
      ...RETENTION_STEPS,
      {
        name: 'gate',
        run: async () => {
          entered();
          await gate;
          return 0;
        },
      },
    ];
    const first = runRetention(a, { now: NOW, retentionDays: 30 }, steps);
    await inGate;
    expect(await runRetention(b, { now: NOW, retentionDays: 30 }, steps)).toBeNull();
    release();
    expect((await first)?.counts.gate).toBe(0);
    expect((await listAudit(a, { action: 'retention.run' })).entries).toHaveLength(1);
    // Released with the run: the other instance runs the next time.
    expect(await runRetention(b, { now: NOW, retentionDays: 30 })).not.toBeNull();
  });

  it('the server runs it 10 minutes after start, with RETENTION_DAYS, and audits the run', async () => {
    // Only the timers are fake (the schedule's), and they also run on with real time (postgres.js
    // needs its own timers while the app starts); the database and the clock are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const t = await testApp({ RETENTION_DAYS: '7' });
    cleanups.push(() => t.close());
    const db = t.database;
    const [p] = await db.rows<{ id: number }>(
      sql`INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash) VALUES (${MON}, 'Neu', '🌳', 'creator-now') RETURNING id`,
    );
    // Eight days old: inside the default 30 days, outside the 7 configured.
    await db.rows(sql`INSERT INTO votes (proposal_id, voter_hash, ip_hash, created_at)
      VALUES (${p?.id}, 'voter-8d', 'vote-8d', now() - interval '8 days')`);
    const runs = async () => (await listAudit(db, { action: 'retention.run' })).entries;

    // Not at start (the exact minute is the schedule's test above), but 10 minutes later.
    expect(await runs()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RETENTION_FIRST_RUN_MS);
    vi.useRealTimers();
    // The run itself is real database work: waited for.
    await expect.poll(async () => (await runs()).length, { timeout: 30_000 }).toBe(1);
    const [entry] = await runs();
    expect(entry).toMatchObject({ actor: 'system', itemKind: 'retention' });
    expect(entry?.after).toMatchObject({ retentionDays: 7, counts: { addressHashes: { votes: 1, proposals: 0 } } });
    expect(await column(db, sql`SELECT ip_hash AS v FROM votes WHERE voter_hash = 'voter-8d'`)).toEqual([EXPIRED_HASH]);
    expect(await column(db, sql`SELECT creator_ip_hash AS v FROM proposals WHERE id = ${p?.id}`)).toEqual(['creator-now']);
  });

  it('is scheduled 10 minutes after start, then every 24 hours; stop ends it', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = scheduleRetention(async () => {
      runs++;
    });
    await vi.advanceTimersByTimeAsync(RETENTION_FIRST_RUN_MS - 1);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS - 1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await stop();
    await vi.advanceTimersByTimeAsync(3 * RETENTION_INTERVAL_MS);
    expect(runs).toBe(2);
  });
});
