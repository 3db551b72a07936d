// The web app as the API serves it: the voter cookie with every page, not-found answers,
// precompressed files, and the page and manifest named for the city. A tiny fake build stands in
// for apps/web/dist.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, json, testApp } from '../support/harness.js';

/** The build's page names no city: the server fills in the city's site name. */
const BUILT_INDEX = '<!doctype html><html><head><title>{{product}}</title></head><body><div id="root"></div></body></html>';
const INDEX = BUILT_INDEX.replace('{{product}}', 'Denk·Mal Linz');
const TEXTS = { manifest: { name: '{{product}} – Denkmäler', description: 'Die Karte von {{city}}.' } };
const SCRIPT = `console.log(${JSON.stringify('denkmal '.repeat(200))});`;
const ASSET = 'assets/index-AbCd1234.js';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of [
    ['index.html', BUILT_INDEX],
    [ASSET, SCRIPT],
  ] as const) {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(dir, 'locales', 'de'), { recursive: true });
  writeFileSync(path.join(dir, 'locales', 'de', 'translation.json'), JSON.stringify(TEXTS));
  return dir;
}

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({}, { config: { webDist: fakeDist() } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const voterCookieOf = (res: { headers: Record<string, unknown> }) => {
  const all = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  return all.find((c) => c.startsWith('voter='))?.split(';')[0];
};

describe(`the web app's pages on ${DB_KIND}`, () => {
  it.each(['/', '/about', '/add', '/interventions'])(
    '%s answers index.html with a new voter cookie, private and revalidated',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(voterCookieOf(res)).toMatch(/^voter=.+/);
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    },
  );

  it("a monument's view preloads its monument, proposals, photos and /api/mine (Link headers the app's own requests take); other pages and bad ids none", async () => {
    const res = await get('/monuments/mon-dreifaltigkeitssaeule?proposal=1');
    expect(res.statusCode).toBe(200);
    const named = [
      '/api/monuments/mon-dreifaltigkeitssaeule',
      '/api/interventions/mon-dreifaltigkeitssaeule',
      '/api/monuments/mon-dreifaltigkeitssaeule/photos',
      '/api/mine',
    ];
    expect(res.headers.link).toBe(named.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin`).join(', '));
    // What it names answers as the app asks for it (monument-view.spec.ts: each is asked once).
    for (const p of named) expect((await get(p, { accept: 'application/json' })).statusCode, p).toBe(200);
    // Not an id (the header carries only what the id's pattern allows): the page, without a preload.
    const odd = await get('/monuments/%3E%3B%20rel%3Dnext');
    expect(odd.statusCode).toBe(200);
    expect(odd.headers.link).toBeUndefined();
    expect((await get('/')).headers.link).toBeUndefined();
  });

  it('a page load with a valid cookie issues none; a forged cookie is replaced', async () => {
    const cookie = voterCookieOf(await get('/'))!;
    expect((await get('/about', { cookie })).headers['set-cookie']).toBeUndefined();
    expect(voterCookieOf(await get('/about', { cookie: 'voter=made-up.signature' }))).toMatch(/^voter=/);
  });

  it('the public lists stay cacheable and carry no cookie', async () => {
    const res = await get('/api/monuments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).not.toMatch(/private|no-store/);
  });

  it('20 votes sent at once with the cookie of a page load: 1 accepted, 19 refused, the count up by one', async () => {
    const cookie = voterCookieOf(await get('/'))!;
    const MON = 'mon-dreifaltigkeitssaeule';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/interventions/${MON}`,
      headers: json,
      payload: { name: 'Ein Brunnen' },
    });
    const id = (JSON.parse(created.body) as { id: number }).id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/interventions/${id}/vote`,
          headers: { ...json, cookie },
          payload: { monumentId: MON, action: 'vote' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    // The page's cookie was used: no vote answer had to issue one (the accepted one marks its author: http/own-writes.ts).
    const issued = answers.flatMap((a) => [a.headers['set-cookie'] ?? []].flat()).filter((c) => !c.startsWith('denkmal_wrote='));
    expect(issued).toEqual([]);
    const [row] = await t.database.rows<{ votes: number }>(sql`SELECT votes FROM proposals WHERE id = ${id}`);
    expect(Number(row?.votes)).toBe(1);
  });
});

describe(`not found on ${DB_KIND}`, () => {
  it('an unknown page answers the app with 404 (and the voter cookie)', async () => {
    const res = await get('/nonsense/deeper?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(voterCookieOf(res)).toMatch(/^voter=/);
    // Even a conditional request gets the 404, not a 304.
    expect((await get('/nonsense', { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).statusCode).toBe(404);
  });

  it.each(['/api/nothing-here', '/api', '/trpc/nothing.here'])('%s keeps the JSON 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(res.body)).toHaveProperty(url.startsWith('/trpc') ? 'error' : 'message');
  });

  it.each(['/assets/missing-ZyXw9876.js', '/favicon.ico', '/deep/style.css'])(
    'a missing file %s is a plain 404, not the page',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).not.toContain('<html');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('compressed copies are never addressed themselves', async () => {
    expect((await get(`/${ASSET}.br`)).statusCode).toBe(404);
    expect((await get('/index.html')).statusCode).toBe(404);
  });
});

describe(`precompressed files on ${DB_KIND}`, () => {
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const enc = res.headers['content-encoding'];
    if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (enc === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s for hashed assets and the page', async (accept, expected) => {
    for (const url of [`/${ASSET}`, '/']) {
      const res = await get(url, accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(res)).toBe(url === '/' ? INDEX : SCRIPT);
      if (url !== '/') {
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toMatch(/javascript/);
      }
    }
  });

  it('compression really is smaller, and an unhashed file is revalidated', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.headers['content-encoding']).toBeUndefined();
  });
});

describe(`the page and the web app manifest name the city on ${DB_KIND}`, () => {
  type Manifest = { name: string; short_name: string; description: string; lang: string; icons: unknown[] };

  it("Linz's: the page's title and the manifest say Denk·Mal Linz; the manifest is compressed and revalidated by its ETag", async () => {
    expect((await get('/about')).body).toContain('<title>Denk·Mal Linz</title>');
    const res = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['content-encoding']).toBe('br');
    const manifest = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Denk·Mal Linz – Denkmäler',
      short_name: 'Denk·Mal Linz',
      description: 'Die Karte von Linz.',
      lang: 'de',
    });
    expect(manifest.icons).toHaveLength(3);
    const again = await get('/manifest.webmanifest', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await get('/manifest.webmanifest.br')).statusCode).toBe(404);
  });

  it("another city's (Auwinkel): its name in both, and none says Linz", async () => {
    const other = await testApp(
      { CITY: path.join(import.meta.dirname, '../fixtures/cities/auwinkel') },
      { unseeded: true, config: { webDist: fakeDist() } },
    );
    try {
      const page = await other.app.inject({ url: '/' });
      expect(page.body).toContain('<title>Denk·Mal Auwinkel</title>');
      const manifest = JSON.parse((await other.app.inject({ url: '/manifest.webmanifest' })).body) as Manifest;
      expect(manifest).toMatchObject({ short_name: 'Denk·Mal Auwinkel', description: 'Die Karte von Auwinkel.' });
      expect(page.body + JSON.stringify(manifest)).not.toMatch(/linz/i);
    } finally {
      await other.close();
    }
  });
});
