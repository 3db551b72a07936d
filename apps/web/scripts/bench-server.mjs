// What both browser benchmarks start: a tile upstream answering every tile with one PNG (nothing
// goes to the internet; the API fetches from it and serves /tiles/ itself, as in production), and
// the built API serving the built web app on a fresh database.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

async function freePort() {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url, child, timeoutMs = 120_000) {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API did not answer ${url}`);
}

/** Serves e2e/fixtures/tile.png for every path; returns its port and a close function. */
export async function startTiles() {
  const tile = readFileSync(path.join(root, 'e2e/fixtures/tile.png'));
  const tiles = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(tile),
  );
  return { port: await listen(tiles), close: () => tiles.close() };
}

/** A fresh data folder (`prepare(dataDir)` may fill it first), the API on it; `stop` ends both. */
export async function startApi({ tilePort, name, prepare = () => {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `denkmal-${name}-`));
  prepare(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawn('pnpm', ['--filter', '@linz/api', 'run', 'serve'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TILE_UPSTREAM: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      TILE_ATTRIBUTION: 'Test tiles (bench)',
      // The local tiles stand in for basemap.at's: Austria (the map at 50,000 monuments pans across it).
      TILE_BOUNDS: '46.36,8.78,49.04,17.19',
    },
  });
  const stop = async () => {
    try {
      process.kill(-api.pid, 'SIGTERM');
    } catch (error) {
      // Already gone (it exited at start): nothing to stop.
      if (error.code !== 'ESRCH') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/api/config`, api);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** A `prepare` for startApi: `extra` synthetic monuments (pnpm seed:synthetic, the city's seed joins at start) in `region`. */
export const synthetic = (extra, region) => (dataDir) => {
  if (extra === 0) return;
  const args = [
    '--filter',
    '@linz/api',
    'run',
    'seed:synthetic',
    '--monuments',
    String(extra),
    '--proposals',
    '0',
    '--region',
    region,
  ];
  const seeded = spawnSync('pnpm', args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
};
