// Backup and restore (domain/site/backup.ts, cli/backup.ts): a backup taken while 50 browsers vote is
// one consistent point in time, and restored into an empty database it equals that snapshot row
// for row (votes and counters agree, audit log and outbox as they were, voter cookies still
// valid, ids continue). Damaged, foreign and newer files are refused before anything changes.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { runBackupCommand } from '../../src/cli/backup-commands.js';
import type { Database } from '../../src/db/client.js';
import {
  BackupFileError,
  buildMigrations,
  createBackup,
  holdsData,
  readBackup,
  restoreBackup,
} from '../../src/domain/site/backup.js';
import { addStaff } from '../../src/domain/staff/staff.js';
import { browser, DB_KIND, freshDatabase, json, propose, testApp, testConfig } from '../support/harness.js';
import { startSmtpPeer } from '@linz/test-peers/smtp';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MON = 'mon-dreifaltigkeitssaeule';
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

type App = Awaited<ReturnType<typeof testApp>>['app'];
const vote = (app: App, cookie: { cookie: string }, id: number) =>
  app.inject({
    method: 'POST',
    url: `/api/interventions/${id}/vote`,
    headers: { ...json, ...cookie },
    payload: { monumentId: MON, action: 'vote' },
  });

/** Every table's rows as the backup renders them: comparing two of these compares the databases. */
async function dump(database: Database) {
  const { file } = await createBackup(database);
  return readBackup(file).rows;
}

describe(`backup and restore on ${DB_KIND}`, () => {
  it('a backup taken while 50 browsers vote restores into an empty database as that snapshot, row for row', async () => {
    const smtp = await startSmtpPeer();
    cleanups.push(() => smtp.stop());
    // No COOKIE_SECRET: the cookie key is the one kept in the database, and travels with the backup.
    const source = await testApp({ SMTP_URL: smtp.url, COOKIE_SECRET: '' });
    cleanups.push(() => source.close());
    const { app, database } = source;

    // Before: one proposal reached 10 votes and its mail went out; a staff member was added (audited).
    const mailed = await propose(app, 'Gemailt', MON);
    const early = Array.from({ length: 10 }, (_, i) => browser(app, `early-${i}`));
    for (const c of early) expect((await vote(app, c, mailed.id)).statusCode).toBe(200);
    await app.outboxSender.idle();
    expect(smtp.messages).toHaveLength(1);
    await addStaff(database, 'Erika Muster');
    // Six proposals share the 50 browsers: at most 9 votes each, so no further mail is queued.
    const targets: { id: number }[] = [];
    for (let i = 0; i < 6; i++) targets.push(await propose(app, `Vorschlag ${i}`, MON));

    let answered = 0;
    let startBackup!: () => void;
    const fifthAnswer = new Promise<void>((r) => (startBackup = r));
    const voting = Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await vote(app, browser(app, `browser-${i}`), targets[i % 6]?.id ?? 0);
        if (++answered === 5) startBackup();
        return res.statusCode;
      }),
    );
    const backup = fifthAnswer.then(() => createBackup(database));
    const [statuses, { file, header }] = await Promise.all([voting, backup]);
    expect(statuses).toEqual(Array(50).fill(200));
    await app.outboxSender.idle();

    const snapshot = readBackup(file);
    const snapVotes = snapshot.rows.get('votes')?.map((l) => JSON.parse(l) as { proposal_id: number }) ?? [];
    expect(snapVotes.length).toBeGreaterThanOrEqual(10 + 5);
    expect(snapVotes.length).toBeLessThanOrEqual(60);
    // One point in time: every proposal's counter equals its votes in the file.
    for (const line of snapshot.rows.get('proposals') ?? []) {
      const i = JSON.parse(line) as { id: number; votes: number };
      expect(i.votes, `proposal ${i.id}`).toBe(snapVotes.filter((v) => v.proposal_id === i.id).length);
    }

    // Restore into an empty database.
    const { database: target } = await freshDatabase();
    cleanups.push(() => target.close());
    expect(await holdsData(target)).toBe(false);
    expect(await holdsData(database)).toBe(true);
    const restored = await restoreBackup(target, snapshot);
    expect(restored.tables.map((t) => t.rows)).toEqual(header.tables.map((t) => t.rows));
    const after = await dump(target);
    expect([...after.keys()]).toEqual([...snapshot.rows.keys()]);
    for (const [table, rows] of snapshot.rows) expect(after.get(table), table).toEqual(rows);

    // Votes and counters agree in the restored database.
    const disagree = await target.rows(
      sql`SELECT i.id FROM proposals i WHERE i.votes <> (SELECT count(*) FROM votes v WHERE v.proposal_id = i.id)`,
    );
    expect(disagree).toEqual([]);
    // The audit log is the source's, entry for entry (it is append-only there).
    const audit = snapshot.rows.get('audit_log') ?? [];
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect((await dump(database)).get('audit_log')?.slice(0, audit.length)).toEqual(audit);

    // Started on the restored database: the mail already sent is not sent again; the voter
    // cookies signed before the backup still count as the same browsers; new ids continue.
    const restoredApp = await buildApp(testConfig({ SMTP_URL: smtp.url, COOKIE_SECRET: '' }), { database: target });
    cleanups.push(() => restoredApp.close());
    expect(await restoredApp.outboxSender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect((await vote(restoredApp, early[0] ?? { cookie: '' }, mailed.id)).statusCode).toBe(403);
    const maxId = Math.max(...(snapshot.rows.get('proposals') ?? []).map((l) => (JSON.parse(l) as { id: number }).id));
    expect((await propose(restoredApp, 'Nach dem Restore', MON)).id).toBe(maxId + 1);
  }, 240_000);

  it('refuses a database that holds data unless forced; --force replaces all of it', async () => {
    const a = await testApp();
    cleanups.push(() => a.close());
    await propose(a.app, 'Alt', MON);
    const { file } = await createBackup(a.database);
    const b = await testApp();
    cleanups.push(() => b.close());
    await propose(b.app, 'Anders', MON);
    await propose(b.app, 'Noch einer', MON);
    const before = await dump(b.database);
    await expect(restoreBackup(b.database, readBackup(file))).rejects.toThrow(/already holds data.*--force/);
    expect(await dump(b.database)).toEqual(before);
    await restoreBackup(b.database, readBackup(file), { force: true });
    expect(await dump(b.database)).toEqual(readBackup(file).rows);
  });

  it('a file cut in half, random bytes, another gzip file, a damaged body or a newer schema: a clear error, the database unchanged', async () => {
    const a = await testApp();
    cleanups.push(() => a.close());
    await propose(a.app, 'Bleibt', MON);
    const { file } = await createBackup(a.database);
    const [headerLine = '', ...rest] = gunzipSync(file).toString('utf8').split('\n');
    const header = JSON.parse(headerLine) as { schema: { migration: string; when: number } };
    const latest = buildMigrations().at(-1);
    const newer = gzipSync(
      [JSON.stringify({ ...header, schema: { migration: '9999_future', when: (latest?.when ?? 0) + 1 } }), ...rest].join('\n'),
    );
    const body = rest.join('\n');
    const tampered = gzipSync(`${headerLine}\n${body.replace('Bleibt', 'Anders')}`);
    expect(createHash('sha256').update(body).digest('hex')).toBe((JSON.parse(headerLine) as { sha256: string }).sha256);

    const dir = scratch();
    const cases: [string, Buffer, RegExp][] = [
      ['half', file.subarray(0, Math.floor(file.length / 2)), /incomplete or damaged/],
      ['random', randomBytes(4096), /not a Denk·Mal backup file/],
      ['foreign', gzipSync('{"hello":"world"}\n{"a":1}\n'), /not a Denk·Mal backup file/],
      ['tampered', tampered, /checksum does not match/],
      ['newer', newer, /newer than this version's/],
    ];
    const before = await dump(a.database);
    for (const [name, bytes, message] of cases) {
      expect(() => readBackup(bytes), name).toThrow(BackupFileError);
      const f = path.join(dir, `${name}.ndjson.gz`);
      writeFileSync(f, bytes);
      const result = await runBackupCommand(a.database, { command: 'restore', file: f, force: true });
      expect(result.ok, name).toBe(false);
      expect(result.ok ? '' : result.message, name).toMatch(message);
      expect(await dump(a.database), name).toEqual(before);
    }
    // A backup made while the map ran for one city carried its name in the first line's mark: it
    // still restores; a mark of something else does not.
    const marked = (magic: string) => gzipSync([JSON.stringify({ ...header, magic }), ...rest].join('\n'));
    expect(readBackup(marked('denkmal-linz-backup')).rows).toEqual(readBackup(file).rows);
    expect(() => readBackup(marked('other-backup'))).toThrow(/not a Denk·Mal backup file/);
    // The intact file is accepted, and the command writes what it read.
    const good = path.join(dir, 'good.ndjson.gz');
    expect(await runBackupCommand(a.database, { command: 'backup', file: good })).toMatchObject({ ok: true });
    expect(readBackup(readFileSync(good)).rows).toEqual(before);
  });
});
