// `--only scale`: GET /api/monuments at 42 monuments (the shipped seed) and at 10,000 (synthetic, from
// `pnpm seed:synthetic`, with 3,000 proposals), plain and gzipped, each against bare node:http
// sending the same bytes with the same headers. Each size gets a database of its own.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import postgres from 'postgres';
import type { PgServer } from '@linz/test-peers/postgres';
import { firstMessage, startChild, stopChild, type Child } from '@linz/test-peers/children';
import { fmtGet, log, THREADS, WARMUP } from './common.js';
import { startApi, type Api, type DbTarget } from './server.js';
import { cpuMs } from './stats.js';
import type { Row } from './table.js';
import { compareGets, loadGet } from './wrk.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '42,10000').split(',').map(Number);
const SLICE = Number(process.env.BENCH_SLICE ?? 3);
const SLICES = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
const PATH = '/api/monuments';
const GZIP = ['Accept-Encoding: gzip'];
const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** A new database of its own: a PostgreSQL database on the bench's server, or a PGlite folder. */
export async function newDatabase(kind: DbTarget['kind'], name: string, work: string, pg?: PgServer): Promise<DbTarget> {
  if (kind === 'postgres' && pg) {
    const admin = postgres(pg.url(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    return { kind, url: pg.url(name) };
  }
  return { kind: 'pglite', dataDir: path.join(work, name) };
}

/** Runs `pnpm seed:synthetic` with these arguments on the database, as a user runs it; its closing line. */
export function seedSyntheticCli(db: DbTarget, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/seed-synthetic.ts', ...args], {
    cwd: apiDir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...(db.kind === 'postgres' ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir }) },
  }).trim();
}

/** A database of its own for one size: 42 is what a fresh server seeds; more comes from the generator. */
async function databaseFor(kind: DbTarget['kind'], size: number, work: string, pg?: PgServer): Promise<DbTarget> {
  const db = await newDatabase(kind, kind === 'postgres' ? `scale_${size}` : `scale-${size}`, work, pg);
  // On an empty database the command needs no --force.
  if (size !== 42)
    log(`${kind} ${seedSyntheticCli(db, ['--monuments', String(size), '--proposals', String(Math.round(size * 0.3))])}`);
  return db;
}

/** The raw answer, as sent (fetch would ask for gzip itself and decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ body: Buffer.concat(chunks), headers: pairs });
      });
    }).on('error', reject);
  });
}

/** The API's answer (headers and body) saved for the reference server. */
async function capture(api: Api, work: string, name: string, headers: Record<string, string>) {
  const res = await rawGet(api.base + PATH, headers);
  const file = path.join(work, `scale-${name}.body`);
  writeFileSync(file, res.body);
  const kept = res.headers.filter(([h]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(h));
  writeFileSync(`${file}.headers.json`, JSON.stringify(kept));
  return { file, bytes: res.body.length, gzip: kept.some(([h, v]) => h === 'content-encoding' && v === 'gzip'), body: res.body };
}

export async function benchScale(kind: DbTarget['kind'], work: string, pg: PgServer | undefined, rows: Row[]) {
  for (const size of SIZES) {
    const db = await databaseFor(kind, size, work, pg);
    let api: Api | undefined;
    let ref: Child | undefined;
    try {
      api = await startApi(db, { rateLimit: true });
      const plain = await capture(api, work, `${kind}-${size}-plain`, {});
      const gz = await capture(api, work, `${kind}-${size}-gzip`, { 'accept-encoding': 'gzip' });
      if (plain.gzip || !gz.gzip) throw new Error('expected a plain and a gzipped answer');
      const count = (JSON.parse(plain.body.toString()) as unknown[]).length;
      log(`${kind} ${PATH} with ${count} monuments: ${plain.bytes} bytes plain, ${gz.bytes} gzip`);
      // The reference answers the plain bytes at PATH and the gzipped bytes at /gz + PATH.
      ref = startChild('bench/reference-http.ts', process.env, [PATH, plain.file, `/gz${PATH}`, gz.file]);
      const { port } = await firstMessage<{ port: number }>(ref, 30_000);
      const refBase = `http://127.0.0.1:${port}`;
      for (const [label, headers, refPath, bytes] of [
        ['plain', [], PATH, plain.bytes],
        ['gzip', GZIP, `/gz${PATH}`, gz.bytes],
      ] as const) {
        await loadGet(api.base + PATH, WARMUP, THREADS, undefined, [...headers]);
        await loadGet(refBase + refPath, WARMUP, THREADS, undefined, [...headers]);
        const cpu0 = [cpuMs(api.child.proc.pid), cpuMs(ref.proc.pid)];
        const [a, r] = await compareGets(api.base + PATH, refBase + refPath, SLICE, SLICES, THREADS, [...headers]);
        // Server CPU per answer: steadier than req/s on a shared machine.
        const cpu = [(cpuMs(api.child.proc.pid) - cpu0[0]!) / a.requests, (cpuMs(ref.proc.pid) - cpu0[1]!) / r.requests];
        log(
          `${kind} ${count} monuments ${label}: API ${fmtGet(a)}, CPU ${cpu[0]!.toFixed(3)} ms/req; ` +
            `node:http ${fmtGet(r)}, CPU ${cpu[1]!.toFixed(3)} ms/req`,
        );
        const ratio = a.rps / r.rps;
        rows.push({
          case: `GET ${PATH}, ${count} monuments, ${label} ${(bytes / 1024).toFixed(0)} KiB`,
          db: kind,
          rps: a.rps,
          p99: a.p99,
          reference: 'node:http, same headers and body',
          refRps: r.rps,
          refP99: r.p99,
          ratio,
          target: '>= 0.6x',
          ok: a.errors === 0 && a.non2xx === 0 && ratio >= 0.6,
        });
      }
    } finally {
      await stopChild(ref);
      await api?.stop();
    }
  }
}
