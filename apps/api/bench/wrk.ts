// Load generation with wrk (Debian package `wrk`, a C load generator with LuaJIT scripting) in its
// own process, so the generator is not the limit (see README: headroom). The runner only starts it
// and reads the summary line its Lua script prints.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import { childCpuMs } from './stats.js';

export const CONNECTIONS = 50;
export const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';
const here = path.dirname(new URL(import.meta.url).pathname);

/** Fails loudly, with the install hint, when wrk is missing. */
export function requireWrk(): string {
  const r = spawnSync(WRK, ['--version'], { encoding: 'utf8' });
  const version = `${r.stdout ?? ''}${r.stderr ?? ''}`.match(/wrk \S+/)?.[0];
  if (r.error || !version) {
    throw new Error(
      `The benchmark drives HTTP with wrk, which was not found at ${WRK}.\nInstall it: sudo apt-get install wrk   (or set BENCH_WRK to its path)`,
    );
  }
  return version;
}

export type GetResult = {
  requests: number;
  rps: number;
  p99: number;
  seconds: number;
  non2xx: number;
  errors: number;
  wrkCpuMs: number;
};
export type VoteResult = {
  /** Votes sent and answers received (all answered: no vote was in flight when wrk stopped). */
  issued: number;
  answered: number;
  rps: number;
  p99: number;
  seconds: number;
  status: Record<string, number>;
  errors: number;
  /** Requests sent after the voter file ran out (repeat voters, refused): the file was too small. */
  exhausted: number;
  wrkCpuMs: number;
};

const running = new Set<ChildProcess>();
// A stopped benchmark stops its wrk too (by pid), as children.ts does for the servers.
process.on('exit', () => running.forEach((p) => p.kill('SIGKILL')));

async function wrk(args: string[]): Promise<{ line: unknown; cpuMs: number }> {
  const cpu0 = childCpuMs();
  const proc = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  let out = '';
  proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('close', resolve);
  });
  // The runner's reaped children's CPU grew by exactly what wrk used (nothing else exits meanwhile).
  const cpuMs = childCpuMs() - cpu0;
  const line = out.match(/^BENCH (.*)$/m)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk ${args.join(' ')} failed (${code}):\n${out}`);
  return { line: JSON.parse(line), cpuMs };
}

const common = (threads: number, connections: number, seconds: number) => [
  '-t',
  String(threads),
  '-c',
  String(Math.max(connections, threads)),
  '-d',
  `${Math.max(1, Math.round(seconds))}s`,
  '--timeout',
  '30s',
];

/** GET `url` for `seconds` (whole seconds, wrk's unit) with CONNECTIONS keep-alive connections. */
export async function loadGet(
  url: string,
  seconds: number,
  threads = 1,
  connections = CONNECTIONS,
  headers: string[] = [],
  /** Each request from another client address (X-Forwarded-For), for a server at its default limits. */
  manyClients = false,
): Promise<GetResult> {
  const h = headers.flatMap((x) => ['-H', x]);
  const script = path.join(here, manyClients ? 'wrk-get-clients.lua' : 'wrk-get.lua');
  const { line, cpuMs } = await wrk([...common(threads, connections, seconds), ...h, '-s', script, url]);
  const r = line as { requests: number; seconds: number; p99: number; non2xx: number; errors: number };
  return { ...r, rps: r.requests / r.seconds, wrkCpuMs: cpuMs };
}

/**
 * GETs `a` and `b` for `slices` x `sliceSeconds` each, alternating (a b, b a, a b, ...), so that
 * other load on the machine coming and going weighs on both alike. req/s is over all slices; the
 * p99 is the slices' p99s averaged by their request counts (wrk gives no histogram to merge).
 */
export async function compareGets(
  a: string,
  b: string,
  sliceSeconds: number,
  slices: number,
  threads = 1,
  headers: string[] = [],
): Promise<[GetResult, GetResult]> {
  const runs: [GetResult[], GetResult[]] = [[], []];
  for (let i = 0; i < slices; i++) {
    for (const k of i % 2 ? [1, 0] : [0, 1]) runs[k]!.push(await loadGet(k ? b : a, sliceSeconds, threads, CONNECTIONS, headers));
  }
  return [merge(runs[0]), merge(runs[1])];
}

export function merge(list: GetResult[]): GetResult {
  const sum = (f: (r: GetResult) => number) => list.reduce((s, r) => s + f(r), 0);
  const requests = sum((r) => r.requests);
  const seconds = sum((r) => r.seconds);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p99: sum((r) => r.p99 * r.requests) / requests,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    wrkCpuMs: sum((r) => r.wrkCpuMs),
  };
}

let voterRun = 0;
/** The voter file: one line per voter, `voter=<signed cookie>\t<address>`, each distinct. */
function voterFile(work: string, secret: string, count: number): string {
  const run = `${process.pid}-${++voterRun}`;
  const lines: string[] = [];
  for (let n = 1; n <= count; n++) {
    const cookie = `voter=${encodeURIComponent(sign(`bench-${run}-${n}`, secret))}`;
    lines.push(`${cookie}\t10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
  }
  const file = path.join(work, `voters-${run}.tsv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

export type VoteLoad = {
  base: string;
  proposalId: number;
  monumentId: string;
  secret: string;
  /** Folder for the voter file. */
  work: string;
  seconds: number;
  connections?: number;
  threads?: number;
  /** Voters prepared per second of load (the file's size); more than the API reaches. */
  votersPerSecond?: number;
  /** Idle seconds after the votes so that every answer arrives before wrk stops. */
  tailSeconds?: number;
};

/** Vote POSTs for `seconds`, each from a new voter; every vote sent is answered before wrk stops. */
export async function loadVotes(o: VoteLoad): Promise<VoteResult> {
  const threads = o.threads ?? 1;
  const file = voterFile(o.work, o.secret, Math.ceil((o.votersPerSecond ?? 8000) * o.seconds) + (o.connections ?? CONNECTIONS));
  const body = JSON.stringify({ monumentId: o.monumentId, action: 'vote' });
  const votePath = `/api/interventions/${o.proposalId}/vote`;
  const { line, cpuMs } = await wrk([
    ...common(threads, o.connections ?? CONNECTIONS, Math.ceil(o.seconds) + (o.tailSeconds ?? 2)),
    '-s',
    path.join(here, 'wrk-votes.lua'),
    o.base,
    '--',
    file,
    votePath,
    body,
    String(o.seconds),
    String(threads),
  ]);
  const r = line as Omit<VoteResult, 'rps' | 'wrkCpuMs'>;
  return { ...r, rps: r.answered / r.seconds, wrkCpuMs: cpuMs };
}

export const ok200 = (r: VoteResult) => r.status['200'] ?? 0;
