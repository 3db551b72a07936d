// Map tiles from our own address (/tiles/{z}/{x}/{y}.png): a visitor's browser never talks to a
// tile server (Austria's data-protection authority ruled against passing visitors' addresses to
// third parties, and the OpenStreetMap tile policy forbids heavy use). Each tile is fetched from the
// configured upstream once, kept on disk until the upstream's expiry (at least 7 days) and served
// from there. It is no open proxy: only the configured zooms and tiles touching the configured
// bounds are fetched; anything else is refused before any upstream call. Upstream fetches have a
// budget: cached tiles are free, fetches are limited per network and in total, and a
// request beyond either answers 429 with Retry-After, so one client cannot make us crawl the upstream.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errorCodeOfStatus } from '@linz/contract';
import { networkOf } from '../domain/identity.js';
import { refuse } from './errors.js';

/** A tile is kept at least this long, whatever the upstream says (basemap.at sends a day). */
export const MIN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The upstream gets this long (connect and body); the answer is then well inside 3 s. */
export const UPSTREAM_TIMEOUT_MS = 2500;
/** An upstream 404 is remembered this long, in memory, so a tile the upstream lacks costs one call an hour. */
const MISSING_TTL_MS = 60 * 60 * 1000;
const MISSING_MAX = 10_000;
/** A stale copy served while the upstream fails: browsers ask again soon. */
const STALE_MAX_AGE_S = 60;
/** Bigger bodies are no tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;

export type TileOptions = {
  /** The clock (tests). */
  now?: () => number;
  /** The upstream's time limit (tests). */
  timeoutMs?: number;
};

type Tile = { body: Buffer; expires: number; type: string };
type Coords = { z: number; x: number; y: number };

class TileError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For 429: seconds until a fetch is possible again. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Networks whose buckets are remembered; beyond this the full ones (idle a minute) are dropped. */
const BUCKETS_MAX = 10_000;

/**
 * Token buckets of `perMinute` fetches, refilled evenly, holding at most a minute's worth: one for
 * everyone and one per network. A fetch takes a token from both; `take` answers the seconds to
 * wait when either is empty (and takes nothing then).
 */
export function fetchBudget(perNetworkMinute: number, totalMinute: number, now: () => number) {
  type Bucket = { tokens: number; at: number };
  const networks = new Map<string, Bucket>();
  const total: Bucket = { tokens: totalMinute, at: now() };
  const refill = (b: Bucket, perMinute: number, t: number) => {
    // A clock that steps back (tests, an NTP correction) refills nothing rather than taking.
    b.tokens = Math.min(perMinute, b.tokens + (Math.max(0, t - b.at) / 60_000) * perMinute);
    b.at = t;
  };
  const wait = (b: Bucket, perMinute: number) => Math.max(1, Math.ceil(((1 - b.tokens) * 60) / Math.max(perMinute, 1)));
  return {
    take(network: string): number | undefined {
      const t = now();
      if (networks.size >= BUCKETS_MAX) {
        for (const [k, b] of networks) if (t - b.at >= 60_000) networks.delete(k);
        if (networks.size >= BUCKETS_MAX) networks.clear();
      }
      const own = networks.get(network) ?? { tokens: perNetworkMinute, at: t };
      networks.set(network, own);
      refill(own, perNetworkMinute, t);
      refill(total, totalMinute, t);
      if (own.tokens < 1) return wait(own, perNetworkMinute);
      if (total.tokens < 1) return wait(total, totalMinute);
      own.tokens -= 1;
      total.tokens -= 1;
      return undefined;
    },
  };
}

/** The tile's corners in degrees (Web Mercator tiles, as Leaflet and every upstream number them). */
export function tileBox({ z, x, y }: Coords) {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

/** The upstream's lifetime for its answer, from Cache-Control max-age or Expires; 0 if none. */
export function upstreamTtlMs(headers: Headers, now: number): number {
  const maxAge = /(?:^|,)\s*(?:s-)?max-age\s*=\s*"?(\d+)/i.exec(headers.get('cache-control') ?? '');
  if (maxAge?.[1]) return Number(maxAge[1]) * 1000;
  const expires = Date.parse(headers.get('expires') ?? '');
  return Number.isFinite(expires) ? Math.max(0, expires - now) : 0;
}

/** PNG or JPEG by their first bytes; anything else (an HTML error page) is not served. */
function imageType(body: Buffer): string | undefined {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** HTTP header values are ASCII: anything else in the address becomes "?". The site is how an upstream reaches its operator. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

export function userAgentOf(publicUrl: string): string {
  return ascii(`DenkMal-tile-cache/1.0 (+${publicUrl})`);
}

/** The disk cache: one file per tile, its expiry as the file's mtime (so no second file has to stay
 * consistent with it), written to a temporary name and renamed (a reader never sees half a tile).
 * Its size is capped: the least recently used tiles are deleted first. */
function diskCache(dir: string, maxBytes: number) {
  const sizes = new Map<string, number>(); // insertion order = least recently used first
  let total = 0;
  let evicting = false;
  const fileOf = ({ z, x, y }: Coords) => path.join(dir, String(z), String(x), `${y}.tile`);
  const account = (file: string, size: number) => {
    total += size - (sizes.get(file) ?? 0);
    sizes.delete(file);
    sizes.set(file, size);
  };
  // What an earlier run left: counted in the background (oldest expiry first), leftovers removed.
  const scanned = (async () => {
    const names = (await readdir(dir, { recursive: true }).catch(() => [])) as string[];
    const found: Array<{ file: string; size: number; mtime: number }> = [];
    for (const name of names) {
      const file = path.join(dir, name);
      if (name.endsWith('.tmp')) await unlink(file).catch(() => {});
      if (!name.endsWith('.tile')) continue;
      const s = await stat(file).catch(() => undefined);
      if (s) found.push({ file, size: s.size, mtime: s.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    const seen = new Map(sizes);
    sizes.clear();
    total = 0;
    for (const f of found) if (!seen.has(f.file)) account(f.file, f.size);
    for (const [file, size] of seen) account(file, size);
  })();

  async function evict() {
    if (maxBytes === 0 || total <= maxBytes || evicting) return;
    evicting = true;
    try {
      await scanned;
      for (const [file, size] of sizes) {
        if (total <= maxBytes * 0.9) break;
        sizes.delete(file);
        total -= size;
        await unlink(file).catch(() => {});
      }
    } finally {
      evicting = false;
    }
  }

  return {
    scanned,
    async read(c: Coords): Promise<Tile | undefined> {
      const file = fileOf(c);
      try {
        const [body, s] = await Promise.all([readFile(file), stat(file)]);
        const type = imageType(body);
        if (!type) return undefined;
        if (sizes.has(file)) account(file, body.length);
        return { body, expires: s.mtimeMs, type };
      } catch {
        return undefined;
      }
    },
    async write(c: Coords, tile: Tile): Promise<void> {
      const file = fileOf(c);
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(tmp, tile.body);
      const expires = tile.expires / 1000;
      await utimes(tmp, expires, expires);
      await rename(tmp, file);
      account(file, tile.body.length);
      void evict();
    },
    get bytes() {
      return total;
    },
  };
}

export function tileService(config: Config, dataDir: string, opts: TileOptions = {}) {
  const { upstream, bounds, minZoom, maxZoom, cacheMaxBytes } = config.tiles;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const userAgent = userAgentOf(config.publicUrl);
  // One folder per upstream: switching presets never serves the old one's tiles.
  const dir = path.join(dataDir, 'tiles', createHash('sha256').update(upstream).digest('hex').slice(0, 12));
  const disk = diskCache(dir, cacheMaxBytes);
  const inFlight = new Map<string, Promise<{ tile: Tile; maxAge: number }>>();
  const missing = new Map<string, number>();
  const budget = fetchBudget(config.limits.tileFetchesPerNetworkMinute, config.limits.tileFetchesPerMinute, now);
  const [[south, west], [north, east]] = bounds;

  /** Whether this tile may be fetched: a configured zoom, inside the world, touching the bounds. */
  function allowed(c: Coords): boolean {
    if (c.z < minZoom || c.z > maxZoom) return false;
    const n = 2 ** c.z;
    if (c.x >= n || c.y >= n) return false;
    const box = tileBox(c);
    return box.west < east && box.east > west && box.south < north && box.north > south;
  }

  async function fetchUpstream(c: Coords, key: string): Promise<Tile> {
    const url = upstream.replace('{z}', String(c.z)).replace('{x}', String(c.x)).replace('{y}', String(c.y));
    let res: Response;
    let body: Buffer;
    try {
      res = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'image/png,image/jpeg;q=0.9,image/*;q=0.5' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'follow',
      });
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        if (missing.size >= MISSING_MAX) missing.clear();
        missing.set(key, now() + MISSING_TTL_MS);
        throw new TileError(404, 'The tile server has no such tile.');
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new TileError(502, `The tile server answered ${res.status}.`);
      }
      if (Number(res.headers.get('content-length') ?? 0) > MAX_TILE_BYTES) {
        await res.body?.cancel();
        throw new TileError(502, 'The tile server sent no tile.');
      }
      body = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      if (error instanceof TileError) throw error;
      // Refused, reset, or out of time (AbortSignal.timeout).
      throw new TileError(504, 'The tile server did not answer in time.');
    }
    const type = imageType(body);
    if (!type || body.length > MAX_TILE_BYTES) throw new TileError(502, 'The tile server sent no tile.');
    const fetchedAt = now();
    const tile = { body, type, expires: fetchedAt + Math.max(MIN_TTL_MS, upstreamTtlMs(res.headers, fetchedAt)) };
    // A full disk must not cost the visitor the tile: it is served, only not kept.
    await disk.write(c, tile).catch(() => {});
    return tile;
  }

  /** The tile and how long browsers may keep it; throws TileError. */
  async function load(c: Coords, key: string, network: string): Promise<{ tile: Tile; maxAge: number }> {
    const cached = await disk.read(c);
    const t = now();
    if (cached && cached.expires > t) return { tile: cached, maxAge: Math.floor((cached.expires - t) / 1000) };
    if ((missing.get(key) ?? 0) > t) throw new TileError(404, 'The tile server has no such tile.');
    const retryAfter = budget.take(network);
    if (retryAfter !== undefined) {
      // Over budget: an old copy is still better than a hole in the map.
      if (cached) return { tile: cached, maxAge: STALE_MAX_AGE_S };
      throw new TileError(429, 'Too many new map tiles asked for. Please try again shortly.', retryAfter);
    }
    try {
      const tile = await fetchUpstream(c, key);
      return { tile, maxAge: Math.floor((tile.expires - now()) / 1000) };
    } catch (error) {
      // The upstream is down or broken: an old copy is better than a hole in the map.
      if (cached && error instanceof TileError && error.status !== 404) return { tile: cached, maxAge: STALE_MAX_AGE_S };
      throw error;
    }
  }

  /** Requests for one tile at the same time share one disk read and at most one upstream call; the
   * tile is on disk before they are answered, so a later request finds it there. */
  function get(c: Coords, network: string): Promise<{ tile: Tile; maxAge: number }> {
    if (!allowed(c)) return Promise.reject(new TileError(404, 'No tile here: outside the map’s zooms or area.'));
    const key = `${c.z}/${c.x}/${c.y}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load(c, key, network).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return { get, allowed, dir, disk, userAgent };
}

const DIGITS = /^\d{1,7}$/;
const FILE = /^(\d{1,7})\.png$/;

export function tileRoutes(app: FastifyInstance, config: Config, opts: TileOptions = {}) {
  const tiles = tileService(config, config.dataDir, opts);
  app.get<{ Params: { z: string; x: string; file: string } }>(
    '/tiles/:z/:x/:file',
    async (req: FastifyRequest<{ Params: { z: string; x: string; file: string } }>, reply: FastifyReply) => {
      const { z, x, file } = req.params;
      const y = FILE.exec(file)?.[1];
      if (!/^\d{1,2}$/.test(z) || !DIGITS.test(x) || !y) {
        return refuse(reply, 'INVALID_INPUT', 'A tile address is /tiles/{z}/{x}/{y}.png with whole numbers.');
      }
      try {
        const { tile, maxAge } = await tiles.get({ z: Number(z), x: Number(x), y: Number(y) }, networkOf(req.ip));
        const etag = etagOf(tile.body);
        reply.header('cache-control', `public, max-age=${Math.max(0, maxAge)}`).header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type(tile.type).send(tile.body);
      } catch (error) {
        if (!(error instanceof TileError)) throw error;
        if (error.status === 404) reply.header('cache-control', 'public, max-age=3600');
        // A 429 is JSON like every refusal of ours, and never cached: Leaflet leaves the square
        // empty and asks again when the map next moves; a blank 200 would be kept as if it were the tile.
        if (error.status === 429) {
          reply.header('retry-after', String(error.retryAfter ?? 60)).header('cache-control', 'no-store');
          return refuse(reply, 'TOO_MANY_REQUESTS', error.message);
        }
        return reply.code(error.status).send({ message: error.message, code: errorCodeOfStatus(error.status) });
      }
    },
  );
  // Any other path under /tiles/ is no tile (and never the web app's page).
  app.get('/tiles/*', (_req, reply) => refuse(reply, 'NOT_FOUND', 'No such tile.'));
  return tiles;
}
