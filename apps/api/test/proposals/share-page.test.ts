// A shared proposal for crawlers: its monument's view `/monuments/…?proposal=…` (and the older map
// link `/?monument=…&proposal=…`) carries Open Graph and Twitter tags, og:url naming the view,
// with the proposal's name, monument and votes (escaped), and its og:image is a 1200 × 630 PNG
// card with an ETag, redrawn after a vote. Hidden or unknown proposals have neither (404 JSON); a
// merged proposal's old link and image lead on (301) to the one it continues as.
// A tiny fake build with the German texts stands in for apps/web/dist.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBody, MAYOR_THRESHOLD, MonumentDetail, pathOf, PATHS, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, DB_KIND, expectAnswer, json, propose, testApp } from '../support/harness.js';
import { decodePng } from '../support/png.js';
import { bearer, newStaff, trpcPost } from '../support/staff-helpers.js';

const INDEX = '<!doctype html><html lang="de"><head><title>Denkmal-Karte</title></head><body><div id="root"></div></body></html>';
// The real German texts, as the build copies them.
const GERMAN = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../web/public/locales/de/translation.json'), 'utf8'),
) as Record<string, unknown>;

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-dist-'));
  mkdirSync(path.join(dir, 'locales/de'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'locales/de/translation.json'), JSON.stringify(GERMAN));
  return dir;
}

const PUBLIC = 'https://karte.linz.example';
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: PUBLIC }, { config: { webDist: fakeDist() } });
});
afterAll(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
const NAME = `<script>&"'`;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1];
const imageOf = (id: number | string) => pathOf(PATHS.proposalImage, { proposalId: id });
const monumentName = async () => {
  const res = await get(pathOf(routes.monument.path, { monumentId: MON }));
  return (JSON.parse(res.body) as { name: string }).name;
};
const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
async function vote(id: number, who: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: pathOf(routes.castVote.path, { proposalId: id }),
    headers: { ...json, ...browser(t.app, who) },
    payload: { monumentId: MON, action: 'vote' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe(`a shared proposal on ${DB_KIND}`, () => {
  it("the map's page for ?proposal= carries its name, monument and votes as Open Graph and Twitter tags, escaped", async () => {
    const proposal = await propose(t.app, NAME, MON);
    for (let i = 0; i < 7; i++) await vote(proposal.id, `share-${i}`);
    const monument = await monumentName();
    const res = await get(`/?monument=${MON}&proposal=${proposal.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>&');
    const title = `„${NAME}“: ein Vorschlag für „${monument}“`;
    const description = `7 von ${MAYOR_THRESHOLD} Stimmen. Status: Offen. Auf der Karte ansehen und mitstimmen.`;
    expect(meta(html, 'property', 'og:title')).toBe(escaped(title));
    expect(meta(html, 'name', 'twitter:title')).toBe(escaped(title));
    expect(meta(html, 'property', 'og:description')).toBe(escaped(description));
    expect(meta(html, 'name', 'twitter:description')).toBe(escaped(description));
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'property', 'og:image')).toBe(`${PUBLIC}${imageOf(proposal.id)}`);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${PUBLIC}${imageOf(proposal.id)}`);
    expect(meta(html, 'property', 'og:url')).toBe(escaped(`${PUBLIC}/monuments/${MON}?proposal=${proposal.id}`));
    expect([meta(html, 'property', 'og:image:width'), meta(html, 'property', 'og:image:height')]).toEqual(['1200', '630']);
    // The view that og:url names is a page of the app (200) with the same tags.
    const view = await get(`/monuments/${MON}?proposal=${proposal.id}`);
    expect(view.statusCode).toBe(200);
    expect(meta(view.body, 'property', 'og:title')).toBe(escaped(title));
    expect(meta(view.body, 'property', 'og:url')).toBe(escaped(`${PUBLIC}/monuments/${MON}?proposal=${proposal.id}`));
    const plain = await get(`/monuments/${MON}`);
    expect([plain.statusCode, plain.body]).toEqual([200, INDEX]);
    // The view names where the monument's facts come from (the seed's source).
    const detail = expectAnswer(await get(pathOf(routes.monument.path, { monumentId: MON })), 200, MonumentDetail);
    expect(detail.source).toContain('https://');

    // No proposal, an unknown, a malformed or a hidden one: the page as it is.
    for (const query of ['', `?monument=${MON}`, '?proposal=999999', '?proposal=abc', `?proposal=${proposal.id}&proposal=2`]) {
      expect((await get(`/${query}`)).body, query).toBe(INDEX);
    }
  });

  it('the image is a 1200 × 630 PNG with words, an ETag and 304, redrawn after a vote; hidden or unknown: 404', async () => {
    const proposal = await propose(t.app, 'Käthe Leichter: Büste für die Straße', MON);
    const url = imageOf(proposal.id);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const png = decodePng(first.rawPayload);
    expect([png.width, png.height]).toEqual([1200, 630]);
    // The headline (dark ink) and the bar's frame are drawn; the paper is light.
    expect(png.inked(72, 110, 1100, 260)).toBeGreaterThan(0.02);
    expect(png.inked(72, 560, 1150, 630)).toBeLessThan(0.2);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"og-[\w-]+"$/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    // The same figures: the same bytes (drawn once, from the cache).
    expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);

    await vote(proposal.id, 'image-voter');
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(decodePng(after.rawPayload).data.equals(png.data)).toBe(false);

    expectAnswer(await get(imageOf(999999)), 404, ErrorBody);
    expectAnswer(await get(imageOf('abc')), 400, ErrorBody);
    await t.database.rows(sql`UPDATE proposals SET moderation = 'hidden' WHERE id = ${proposal.id}`);
    t.app.services.lists.proposals.invalidate();
    expectAnswer(await get(url), 404, ErrorBody);
    expect((await get(`/?monument=${MON}&proposal=${proposal.id}`)).body).toBe(INDEX);
  });

  it("a merged proposal's old link and old image lead for good (301) to the one it continues as", async () => {
    const kept = await propose(t.app, 'Eine Linde für Johanna Dohnal', MON);
    const merged = await propose(t.app, 'Ein Lindenbaum', MON);
    const staff = bearer(await newStaff(t.database, 'Share Merge'));
    const res = await t.app.inject(trpcPost('staff.proposals.merge', { proposalId: merged.id, into: kept.id }, staff));
    expect(res.statusCode, res.body).toBe(200);
    t.app.services.lists.proposals.invalidate();

    const page = await get(`/?monument=${MON}&proposal=${merged.id}`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/monuments/${MON}?proposal=${kept.id}`);
    const landed = await get(String(page.headers.location));
    expect(meta(landed.body, 'property', 'og:title')).toContain(escaped(kept.name));

    const image = await get(imageOf(merged.id));
    expect(image.statusCode).toBe(301);
    expect(image.headers.location).toBe(imageOf(kept.id));
    expect((await get(String(image.headers.location))).headers['content-type']).toBe('image/png');
    // The kept proposal itself, and an id never used, answer as before.
    expect((await get(imageOf(kept.id))).statusCode).toBe(200);
    expect((await get(imageOf(999998))).statusCode).toBe(404);
    expect((await get('/?proposal=999998')).body).toBe(INDEX);
  });
});
