// /stats for crawlers: its page carries the Open Graph tags with the headline shares (escaped),
// and /api/stats/og.png is a PNG card (words in a real font) that changes with the share. A tiny fake build with the German
// texts stands in for apps/web/dist.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMonument } from '../../src/domain/moderation/moderation.js';
import { linzArea } from '../support/city.js';
import { DB_KIND, json, testApp } from '../support/harness.js';
import { decodePng } from '../support/png.js';

const INDEX = '<!doctype html><html lang="de"><head><title>Denkmal-Karte</title></head><body><div id="root"></div></body></html>';
const SITE = { siteName: 'Denk·Mal Linz' };
const TEXTS = {
  title: 'Wen <Linz> ehrt: "die" Zahlen & mehr',
  headlineMonuments: '{{share}} der Denkmäler, die Personen ehren, ehren Frauen',
  headlineStreets: '{{share}} der Straßen, die nach Personen benannt sind, ehren Frauen',
  noShare: 'Noch kein Anteil',
};

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-dist-'));
  mkdirSync(path.join(dir, 'locales/de'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'locales/de/translation.json'), JSON.stringify({ stats: TEXTS, sharePreview: SITE }));
  return dir;
}

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: 'https://karte.linz.example' }, { config: { webDist: fakeDist() } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1];
type Counts = { female: number; male: number; mixed: number };
const stats = async () => (JSON.parse((await get('/api/stats')).body) as { monuments: { bySex: Counts } }).monuments.bySex;
const percent = (c: Counts) =>
  new Intl.NumberFormat('de', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    c.female / (c.female + c.male + c.mixed),
  );

describe(`/stats for crawlers on ${DB_KIND}`, () => {
  it('the page carries og:title, og:description with both shares, og:image, everything escaped', async () => {
    const res = await get('/stats');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers['set-cookie'])).toMatch(/^voter=/);
    const html = res.body;
    expect(metaOf(html, 'og:title')).toBe('Wen &lt;Linz&gt; ehrt: &quot;die&quot; Zahlen &amp; mehr');
    expect(html).not.toContain('<Linz>');
    expect(metaOf(html, 'og:description')).toMatch(
      new RegExp(`^${percent(await stats())} der Denkmäler, die Personen ehren, ehren Frauen\\. \\d+,\\d\\s% der Straßen`),
    );
    expect(metaOf(html, 'og:image')).toBe('https://karte.linz.example/api/stats/og.png');
    expect(metaOf(html, 'og:url')).toBe('https://karte.linz.example/stats');
    // Only /stats: the other pages are the build's index.html as it is.
    expect((await get('/about')).body).toBe(INDEX);
  });

  it('the image is a 1200 × 630 PNG with an ETag, redrawn when the share changes', async () => {
    const first = await get('/api/stats/og.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const { width, height, data: raw, inked } = decodePng(first.rawPayload);
    expect([width, height]).toEqual([1200, 630]);
    // Words in dark ink where the headline stands, not only a bar.
    expect(inked(72, 120, 1100, 260)).toBeGreaterThan(0.02);
    const etag = String(first.headers.etag);
    expect((await get('/api/stats/og.png', { 'if-none-match': etag })).statusCode).toBe(304);

    // A visitor's monument (not known yet whom it honours) leaves the share and the image alone;
    // once staff say it honours a woman, both change.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/add-monument',
      headers: json,
      payload: { name: 'Ohne Angabe', geoLocX: 48.3, geoLocY: 14.29 },
    });
    expect(added.statusCode).toBe(201);
    expect((await get('/api/stats/og.png', { 'if-none-match': etag })).statusCode).toBe(304);
    const before = await stats();
    await updateMonument(
      t.database,
      'tester',
      (JSON.parse(added.body) as { id: string }).id,
      { sex: 'female' },
      { area: linzArea(), categories: [] },
    );
    t.app.services.lists.monuments.invalidate();
    expect((await stats()).female).toBe(before.female + 1);
    const second = await get('/api/stats/og.png', { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    expect(decodePng(second.rawPayload).data.equals(raw)).toBe(false);
  });
});
