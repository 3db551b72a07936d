// Tiles from our own address: a real tile upstream on loopback that counts its requests stands in
// for basemap.at. Each tile is fetched once and then served from disk until it expires; requests
// the cache must refuse never reach the upstream; a failing upstream costs at most 3 s.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClientConfig, routes } from '@linz/contract';
import { TILE_PATH } from '@linz/contract/facts';
import { linzArea } from '../support/city.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { MIN_TTL_MS, tileService } from '../../src/http/tiles.js';
import { expectAnswer, testApp, testConfig } from '../support/harness.js';

const PNG = readFileSync(path.join(import.meta.dirname, '../../../web/e2e/fixtures/tile.png'));
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://denkmal.linz.example';

type Respond = (req: IncomingMessage, res: ServerResponse) => void;
const tile: Respond = (_req, res) => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=60' }).end(PNG);

/** A tile server on loopback that counts and records what it is asked. */
async function upstream() {
  const seen: Array<{ url: string; agent: string }> = [];
  const state = { respond: tile, seen, server: undefined as Server | undefined, port: 0 };
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', agent: req.headers['user-agent'] ?? '' });
    state.respond(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.server = server;
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** Tile (z, x, y) in Linz's old town at zoom 14, and its neighbours. */
const LINZ = { z: 14, x: 8842, y: 5674 };
/** An own tile service's default bounds: Linz's box (its profile's boundary) and half a degree around. */
const LINZ_AND_AROUND = [
  [47.704, 13.718],
  [48.884, 14.922],
];
const url = (x: number, y = LINZ.y, z = LINZ.z) => `/tiles/${z}/${x}/${y}.png`;

describe('tiles from our own address', () => {
  let up: Awaited<ReturnType<typeof upstream>>;
  let t: Awaited<ReturnType<typeof testApp>>;
  const clock = { now: Date.UTC(2026, 10, 23, 12) };
  let dataDir: string;

  beforeAll(async () => {
    up = await upstream();
    dataDir = mkdtempSync(path.join(tmpdir(), 'linz-tiles-'));
    t = await testApp(
      {
        DATA_DIR: dataDir,
        PUBLIC_URL,
        // {y} before {x}, as basemap.at orders them.
        TILE_UPSTREAM: `http://127.0.0.1:${up.port}/{z}/{y}/{x}.png`,
        TILE_ATTRIBUTION: 'Test tiles',
      },
      { tiles: { now: () => clock.now } },
    );
  });
  afterAll(async () => {
    await t?.close();
    up?.server?.close();
  });

  it('fetches a tile upstream once, then serves it from disk with our own headers', async () => {
    up.respond = tile;
    const before = up.seen.length;
    const first = await t.app.inject({ url: url(LINZ.x) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    // The upstream said a minute; we keep it at least 7 days.
    expect(first.headers['cache-control']).toBe(`public, max-age=${MIN_TTL_MS / 1000}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(up.seen.length - before).toBe(1);
    const asked = up.seen.at(-1);
    expect(asked?.url).toBe(`/14/${LINZ.y}/${LINZ.x}.png`);
    expect(asked?.agent).toContain(PUBLIC_URL);

    const second = await t.app.inject({ url: url(LINZ.x) });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(second.headers.etag).toBe(etag);
    const again = await t.app.inject({ url: url(LINZ.x), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(up.seen.length - before).toBe(1);

    // On disk, under DATA_DIR/tiles, whole (no temporary file left).
    const files = readdirSync(path.join(dataDir, 'tiles'), { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith(`${LINZ.x}${path.sep}${LINZ.y}.tile`))).toBe(true);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // A restarted server (a new cache on the same folder) serves it from disk too.
    const restarted = tileService(t.config, dataDir, { now: () => clock.now });
    const { tile: fromDisk } = await restarted.get(LINZ, 'net');
    expect(fromDisk.body.equals(PNG)).toBe(true);
    expect(up.seen.length - before).toBe(1);
  });

  it('fetches a tile once for 20 requests at the same time', async () => {
    const held: ServerResponse[] = [];
    up.respond = (_req, res) => held.push(res);
    const before = up.seen.length;
    const answers = Array.from({ length: 20 }, () => t.app.inject({ url: url(LINZ.x + 1) }));
    await expect.poll(() => held.length).toBe(1);
    held[0]?.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const all = await Promise.all(answers);
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(all.every((r) => r.rawPayload.equals(PNG))).toBe(true);
    expect(up.seen.length - before).toBe(1);
  });

  it('honours the upstream’s expiry, but keeps every tile at least 7 days', async () => {
    const start = clock.now;
    const before = up.seen.length;
    up.respond = (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=30' }).end(PNG);
    expect((await t.app.inject({ url: url(LINZ.x + 2) })).statusCode).toBe(200);
    up.respond = (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png', expires: new Date(start + 30 * DAY).toUTCString() }).end(PNG);
    const long = await t.app.inject({ url: url(LINZ.x + 3) });
    expect(long.headers['cache-control']).toBe(`public, max-age=${(30 * DAY) / 1000}`);
    expect(up.seen.length - before).toBe(2);

    try {
      clock.now = start + 7 * DAY - 1000;
      const late = await t.app.inject({ url: url(LINZ.x + 2) });
      expect(late.headers['cache-control']).toBe('public, max-age=1');
      expect(up.seen.length - before).toBe(2);
      // Past 7 days the short-lived tile is fetched again, the one the upstream gave 30 days is not.
      clock.now = start + 7 * DAY + 1000;
      expect((await t.app.inject({ url: url(LINZ.x + 2) })).statusCode).toBe(200);
      expect(up.seen.length - before).toBe(3);
      expect((await t.app.inject({ url: url(LINZ.x + 3) })).statusCode).toBe(200);
      expect(up.seen.length - before).toBe(3);
      clock.now = start + 31 * DAY;
      expect((await t.app.inject({ url: url(LINZ.x + 3) })).statusCode).toBe(200);
      expect(up.seen.length - before).toBe(4);
    } finally {
      clock.now = start;
    }
  });

  it('answers an expired copy while the upstream fails, else 502 or 504 (a held request included)', async () => {
    const start = clock.now;
    up.respond = tile;
    expect((await t.app.inject({ url: url(LINZ.x + 4) })).statusCode).toBe(200);
    try {
      clock.now = start + 8 * DAY;
      // The connection drops: the old copy, briefly cacheable.
      up.respond = (req) => req.socket.destroy();
      const stale = await t.app.inject({ url: url(LINZ.x + 4) });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(PNG)).toBe(true);
      expect(stale.headers['cache-control']).toBe('public, max-age=60');
      const none = await t.app.inject({ url: url(LINZ.x + 5) });
      expect(none.statusCode).toBe(504);
      expect(JSON.parse(none.body)).toHaveProperty('message');

      // An upstream that never answers: 504 at the time limit, while the upstream still holds the request.
      const held: ServerResponse[] = [];
      up.respond = (_req, res) => held.push(res);
      const slow = await t.app.inject({ url: url(LINZ.x + 6) });
      expect(slow.statusCode).toBe(504);
      expect(held).toHaveLength(1);
      expect(held[0]?.writableEnded).toBe(false);
      held.forEach((r) => r.destroy());

      // An error page or a server error is no tile: 502, nothing kept.
      up.respond = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Wartung</h1>');
      expect((await t.app.inject({ url: url(LINZ.x + 7) })).statusCode).toBe(502);
      up.respond = (_req, res) => res.writeHead(500).end();
      expect((await t.app.inject({ url: url(LINZ.x + 7) })).statusCode).toBe(502);
      up.respond = tile;
      const before = up.seen.length;
      expect((await t.app.inject({ url: url(LINZ.x + 7) })).statusCode).toBe(200);
      expect(up.seen.length - before).toBe(1);
    } finally {
      clock.now = start;
      up.respond = tile;
    }
  });

  it('passes on an upstream 404 and remembers it for an hour', async () => {
    const start = clock.now;
    const before = up.seen.length;
    up.respond = (_req, res) => res.writeHead(404).end();
    try {
      expect((await t.app.inject({ url: url(LINZ.x + 8) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: url(LINZ.x + 8) })).statusCode).toBe(404);
      expect(up.seen.length - before).toBe(1);
      clock.now = start + 61 * 60 * 1000;
      up.respond = tile;
      expect((await t.app.inject({ url: url(LINZ.x + 8) })).statusCode).toBe(200);
      expect(up.seen.length - before).toBe(2);
    } finally {
      clock.now = start;
      up.respond = tile;
    }
  });

  it('refuses every other address without asking the upstream (no open proxy)', async () => {
    const before = up.seen.length;
    const bad: Array<[string, number]> = [
      ['/tiles/a/1/1.png', 400],
      ['/tiles/14/x/5674.png', 400],
      ['/tiles/14/8842/y.png', 400],
      ['/tiles/14/8842/5674.jpg', 400],
      ['/tiles/14/8842/5674', 400],
      ['/tiles/14/8842/5674.png.png', 400],
      ['/tiles/-1/8842/5674.png', 400],
      ['/tiles/14.5/8842/5674.png', 400],
      ['/tiles/1e1/0/0.png', 400],
      ['/tiles/99999999999999999999/1/1.png', 400],
      ['/tiles/14/99999999999999999999999/1.png', 400],
      ['/tiles/14/8842/99999999999999999999999.png', 400],
      ['/tiles/14/..%2F..%2Fetc/passwd.png', 400],
      ['/tiles/14/8842/..%2F5674.png', 400],
      ['/tiles/../etc/passwd', 404],
      ['/tiles/../../etc/passwd', 404],
      ['/tiles/', 404],
      ['/tiles/14/8842/5674.png/more', 404],
      // Zooms outside [6, 19]; x or y beyond the zoom's world; outside Austria (Berlin); the world tile.
      ['/tiles/20/565888/363136.png', 404],
      ['/tiles/99/0/0.png', 404],
      ['/tiles/5/17/11.png', 404],
      ['/tiles/0/0/0.png', 404],
      ['/tiles/14/16384/5674.png', 404],
      ['/tiles/14/8842/16384.png', 404],
      ['/tiles/14/8801/5373.png', 404],
      ['/tiles/14/0/0.png', 404],
    ];
    for (const [path, status] of bad) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), path).toHaveProperty('message');
    }
    expect(up.seen.length - before).toBe(0);
  });

  it('tells the browser our own tile path, the attribution and the bounds', async () => {
    const cfg = expectAnswer(await t.app.inject({ url: routes.clientConfig.path }), 200, ClientConfig);
    expect(cfg).toEqual({
      tileUrl: TILE_PATH,
      tileAttribution: { de: 'Test tiles', en: 'Test tiles' },
      // An own tile service: the city and its surroundings.
      tileBounds: LINZ_AND_AROUND,
      minZoom: 6,
      maxZoom: 19,
      staffOidc: false,
      thresholdCounts: 'votes',
      cityArea: linzArea(),
      city: {
        name: { de: 'Linz', en: 'Linz' },
        productName: 'Denk·Mal Linz',
        view: { lat: 48.3064, lng: 14.2861, zoom: 14 },
        timeZone: 'Europe/Vienna',
        voteThreshold: 10,
        // The credits the profile names (cities/linz/city.json).
        sources: loadConfig({}).city.sources,
        streetSource: loadConfig({}).city.streetRegisterSource,
      },
    });
    // The pages' CSP allows images from our own origin only.
    const csp = String((await t.app.inject({ url: '/about' })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data:;");
  });
});

describe('tile settings', () => {
  it('default to basemap.at, Austria’s basemap, with its attribution in each language', () => {
    const { tiles } = loadConfig({});
    expect(tiles.upstream).toBe('https://mapsneu.wien.gv.at/basemap/geolandbasemap/normal/google3857/{z}/{y}/{x}.png');
    expect(tiles.attribution.de).toBe('Datenquelle: <a href="https://www.basemap.at">basemap.at</a>');
    expect(tiles.attribution.en).toBe('Data source: <a href="https://www.basemap.at">basemap.at</a>');
    expect(tiles.cacheMaxBytes).toBe(1024 * 1024 * 1024);
  });

  it('take the osm preset, a URL template with its attribution, bounds and zooms', () => {
    const osm = loadConfig({ TILE_UPSTREAM: 'osm' }).tiles;
    expect(osm.upstream).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(osm.attribution.de).toContain('OpenStreetMap</a>-Mitwirkende');
    expect(osm.attribution.en).toContain('OpenStreetMap</a> contributors');
    const own = loadConfig({
      TILE_UPSTREAM: 'https://tiles.linz.example/{z}/{x}/{y}.png',
      TILE_ATTRIBUTION: 'Stadt Linz',
      TILE_BOUNDS: '48.2, 14.1, 48.4, 14.5',
      TILE_MIN_ZOOM: '10',
      TILE_MAX_ZOOM: '18',
    }).tiles;
    expect(own).toMatchObject({
      upstream: 'https://tiles.linz.example/{z}/{x}/{y}.png',
      attribution: { de: 'Stadt Linz', en: 'Stadt Linz' },
      bounds: [
        [48.2, 14.1],
        [48.4, 14.5],
      ],
      minZoom: 10,
      maxZoom: 18,
    });
  });

  it("cover the city: basemap.at's Austria, another service's the city and its surroundings; a city outside them is refused at start", () => {
    expect(loadConfig({ TILE_UPSTREAM: 'osm' }).tiles.bounds).toEqual(LINZ_AND_AROUND);
    // A city outside Austria (Zürich's box) on basemap.at's tiles cannot show its map.
    const zurich = mkdtempSync(path.join(tmpdir(), 'city-zurich-'));
    cpSync(path.join(import.meta.dirname, '../fixtures/cities/auwinkel'), zurich, { recursive: true });
    const ring = [
      [8.45, 47.32],
      [8.63, 47.32],
      [8.63, 47.43],
      [8.45, 47.43],
      [8.45, 47.32],
    ];
    writeFileSync(path.join(zurich, 'boundary.geojson'), JSON.stringify({ type: 'Polygon', coordinates: [ring] }));
    expect(() => loadConfig({ CITY: zurich })).toThrow(
      /TILE_BOUNDS: the city \(47\.32,8\.45,47\.43,8\.63\) is not inside the tiles' area \(46\.36,8\.78,49\.04,17\.19\); basemap\.at covers Austria only/,
    );
    expect(loadConfig({ CITY: zurich, TILE_UPSTREAM: 'osm' }).tiles.bounds[0]).toEqual([46.82, 7.95]);
    expect(() => loadConfig({ CITY: zurich, TILE_UPSTREAM: 'osm', TILE_BOUNDS: '47.35,8.4,47.5,8.7' })).toThrow(/TILE_BOUNDS/);
  });

  it('take a preset’s name as the credit of a mirror of its tiles, in each language', () => {
    const mirror = loadConfig({ TILE_UPSTREAM: 'https://tiles.linz.example/{z}/{x}/{y}.png', TILE_ATTRIBUTION: 'basemap' }).tiles;
    expect(mirror.upstream).toBe('https://tiles.linz.example/{z}/{x}/{y}.png');
    expect(mirror.attribution).toEqual(loadConfig({}).tiles.attribution);
  });

  it('refuse what would break the map or its credit', () => {
    expect(() => loadConfig({ TILE_UPSTREAM: 'https://tiles.linz.example/{z}/{x}/{y}.png' })).toThrow(/TILE_ATTRIBUTION/);
    expect(() => loadConfig({ TILE_UPSTREAM: 'mapbox' })).toThrow(/TILE_UPSTREAM/);
    expect(() => loadConfig({ TILE_UPSTREAM: 'https://tiles.linz.example/{z}/{x}.png', TILE_ATTRIBUTION: 'x' })).toThrow(
      /TILE_UPSTREAM/,
    );
    expect(() => loadConfig({ TILE_BOUNDS: '49,14,48,15' })).toThrow(/TILE_BOUNDS/);
    expect(() => loadConfig({ TILE_BOUNDS: '48,14,49' })).toThrow(/TILE_BOUNDS/);
    expect(() => loadConfig({ TILE_MIN_ZOOM: '15', TILE_MAX_ZOOM: '12' })).toThrow(/TILE_MIN_ZOOM/);
  });
});

describe('the upstream budget', () => {
  it('limits upstream fetches per network and in total (429, Retry-After); cached tiles stay free', async () => {
    const up = await upstream();
    const clock = { now: Date.UTC(2026, 10, 27, 12) };
    const t = await testApp(
      {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'linz-tiles-')),
        TILE_UPSTREAM: `http://127.0.0.1:${up.port}/{z}/{x}/{y}.png`,
        TILE_ATTRIBUTION: 'x',
      },
      { tiles: { now: () => clock.now }, config: { limits: { tileFetchesPerNetworkMinute: 30, tileFetchesPerMinute: 50 } } },
    );
    try {
      // The attack: 400 distinct tiles at the highest zoom from one address, all at once.
      const z19 = { x: 282_944, y: 181_568 }; // Linz's old town at zoom 19
      const from = (ip: string, i: number) =>
        t.app.inject({ url: url(z19.x + (i % 20), z19.y + Math.floor(i / 20), 19), remoteAddress: ip });
      const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => from('192.0.2.1', i)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(30);
      expect(up.seen).toHaveLength(30);
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.headers['cache-control']).toBe('no-store');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      // The same address (another port of the network) still gets what is cached, without an upstream call.
      const firstOk = answers.findIndex((a) => a.statusCode === 200);
      expect((await from('192.0.2.77', firstOk)).statusCode).toBe(200);
      expect(up.seen).toHaveLength(30);
      // Another network has its own budget, until the total is spent.
      const other = await Promise.all(Array.from({ length: 40 }, (_, i) => from('198.51.100.5', 400 + i)));
      expect(other.filter((a) => a.statusCode === 200)).toHaveLength(20);
      expect(up.seen).toHaveLength(50);
      // A minute later the budget is back.
      clock.now += 60_000;
      expect((await from('192.0.2.1', 399)).statusCode).toBe(200);
    } finally {
      await t.close();
      up.server?.close();
    }
  });
});

describe('the tile cache on disk', () => {
  it('answers 504 when the upstream refuses connections and nothing is cached', async () => {
    const closed = await upstream();
    closed.server?.close();
    const config = testConfig({ TILE_UPSTREAM: `http://127.0.0.1:${closed.port}/{z}/{x}/{y}.png`, TILE_ATTRIBUTION: 'x' });
    const tiles = tileService(config, mkdtempSync(path.join(tmpdir(), 'linz-tiles-')));
    await expect(tiles.get(LINZ, 'net')).rejects.toMatchObject({ status: 504 });
  });

  it('stays under TILE_CACHE_MAX_MB, deleting the least recently used tiles', async () => {
    const up = await upstream();
    // 300 KB tiles: four exceed a 1 MB cap.
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(300 * 1024)]);
    up.respond = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    const config = testConfig({
      TILE_UPSTREAM: `http://127.0.0.1:${up.port}/{z}/{x}/{y}.png`,
      TILE_ATTRIBUTION: 'x',
      TILE_CACHE_MAX_MB: '1',
    });
    const tiles = tileService(config, mkdtempSync(path.join(tmpdir(), 'linz-tiles-')));
    await tiles.disk.scanned;
    try {
      for (let i = 0; i < 3; i++) await tiles.get({ ...LINZ, x: LINZ.x + i }, 'net');
      // The first is used again, so the second is now the least recently used.
      await tiles.get(LINZ, 'net');
      await tiles.get({ ...LINZ, x: LINZ.x + 3 }, 'net');
      // Deleted in the background, after the write that went over the cap.
      const files = () => readdirSync(tiles.dir, { recursive: true }).map(String);
      await expect.poll(files).not.toContain(path.join('14', String(LINZ.x + 1), `${LINZ.y}.tile`));
      expect(tiles.disk.bytes).toBeLessThanOrEqual(1024 * 1024);
      expect(files()).toContain(path.join('14', String(LINZ.x), `${LINZ.y}.tile`));
      expect(files()).toContain(path.join('14', String(LINZ.x + 3), `${LINZ.y}.tile`));
      expect(up.seen).toHaveLength(4);
    } finally {
      up.server?.close();
    }
  });
});
