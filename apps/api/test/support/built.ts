// The API as a city runs it: the production bundle (build.mjs) under plain node, its settings from
// the environment only. test/ops/memory.test.ts and the bench's memory rows (bench/city.ts) use it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startChild, stopChild, untilReady, type Child } from '@linz/test-peers/children';
import { freePort } from '@linz/test-peers/postgres';

const API_DIR = path.resolve(import.meta.dirname, '../..');

/** Builds the bundle into `out` (inside apps/api, so that it finds its npm packages). */
export function buildBundle(out: string): void {
  const built = spawnSync(process.execPath, ['build.mjs', out], { cwd: API_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build.mjs ${out} failed:\n${built.stderr}`);
}

export type BuiltServer = { url: string; child: Child; stop(): Promise<void> };

/**
 * Starts `node <out>/server.js` on a free port with `env` (and PATH, HOST=127.0.0.1, the shipped
 * site profile); resolves once /readyz answers 200 (migrations and the seed done).
 */
export async function startBuilt(out: string, env: NodeJS.ProcessEnv, timeoutMs = 100_000): Promise<BuiltServer> {
  const port = await freePort();
  const child = startChild(
    process.execPath,
    {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    [path.join(out, 'server.js')],
    [],
    { raw: true },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilReady(url, child, timeoutMs);
  } catch (err) {
    await stopChild(child, 1000);
    throw err;
  }
  return { url, child, stop: () => stopChild(child) };
}
