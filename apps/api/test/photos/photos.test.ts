// Photos on both databases, with real images made here: a phone's JPEG with GPS, EXIF,
// XMP and orientation 6 is served upright without any of it (read by exiftool, not by us); files
// that only pretend to be photos are 415, a HEIC too (with a message in both languages), 13 MB is
// 413 and a decompression bomb is refused from its header with bounded memory. Pending photos are
// seen by their uploader's browser only; staff approve, reject, rotate and remove (audited), and
// removing makes the URLs 404; backup and restore carry the bytes.
import { pathOf, Photo, PhotoAccepted, PhotoList, PHOTO_RULES, routes, StaffPhoto, StaffPhotoList } from '@linz/contract';
import { PHOTO_UPLOAD_TRPC_PATH } from '@linz/contract/facts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { ConfigOptions } from '../../src/config.js';
import { createBackup, readBackup, restoreBackup } from '../../src/domain/site/backup.js';
import { MAX_DECODED_BYTES, memoryQueue, processPhoto } from '../../src/domain/photos/photo-image.js';
import { browser, DB_KIND, expectAnswer, freshDatabase, json, propose, testApp, testConfig } from '../support/harness.js';
import { bombPng, exiftool, groupsOf, HEIC, HTML, PDF, phoneJpeg, photoForm, png, SVG, webp } from '../support/photo-helpers.js';
import { decodePng } from '../support/png.js';
import { bearer, newStaff } from '../support/staff-helpers.js';

const MON = 'mon-dreifaltigkeitssaeule';
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(options: ConfigOptions = {}) {
  const t = await testApp({}, { config: options });
  cleanups.push(() => t.close());
  const token = await newStaff(t.database);
  return { ...t, staff: bearer(token) };
}
type App = Awaited<ReturnType<typeof setup>>['app'];

const monumentPhotos = pathOf(routes.uploadMonumentPhoto.path, { monumentId: MON });
const upload = (
  app: App,
  url: string,
  body: ReturnType<typeof photoForm>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) => app.inject({ method: 'POST', url, headers: { ...body.headers, ...headers }, payload: body.payload, remoteAddress });
const getPhoto = (app: App, id: string, headers: Record<string, string> = {}) =>
  app.inject({ url: pathOf(routes.photo.path, { photoId: id }), headers });
const staffPost = (app: App, url: string, staff: Record<string, string>, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: { ...json, ...staff }, payload: JSON.stringify(payload) });
const media = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe(`photos on ${DB_KIND}`, () => {
  it('serves a phone JPEG upright as WebP without EXIF, GPS, XMP or ICC, as exiftool reads the bytes', async () => {
    const { app, staff } = await setup();
    const sent = await phoneJpeg(640, 320);
    // Before: the bytes as sent carry where and with what they were taken.
    const before = exiftool(sent);
    expect(groupsOf(before)).toEqual(expect.arrayContaining(['GPS', 'IFD0', 'ExifIFD', 'XMP-dc', 'ICC_Profile']));
    expect(before['GPS:GPSLatitude']).toBe(`48 deg 18' 20.00"`);
    expect(before['IFD0:Orientation']).toBe('Rotate 90 CW');
    expect(before['File:ImageWidth']).toBeGreaterThan(before['File:ImageHeight'] as number);

    const me = browser(app, 'uploader');
    const res = await upload(app, monumentPhotos, photoForm(sent, { credit: 'Erika' }), me);
    const accepted = expectAnswer(res, 202, PhotoAccepted);
    await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: accepted.id }), staff);
    const photo = expectAnswer(await getPhoto(app, accepted.id), 200, Photo);
    expect(photo).toMatchObject({ status: 'approved', credit: 'Erika', licence: 'CC-BY-4.0', width: 320, height: 640 });

    for (const [url, long] of [
      [photo.url, 640],
      [photo.thumbUrl, 480],
    ] as const) {
      const served = await media(app, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const after = exiftool(served.rawPayload);
      // Only what the file itself is: no EXIF IFDs, no GPS, no XMP, no IPTC, no ICC profile.
      expect(groupsOf(after)).toEqual(['Composite', 'ExifTool', 'File', 'RIFF', 'System']);
      expect(after['File:MIMEType']).toBe('image/webp');
      // Upright: taller than wide, sized to the long side.
      expect(after['RIFF:ImageHeight']).toBe(long);
      expect(after['RIFF:ImageWidth']).toBe(long / 2);
      // And the 304 for a cache that has it.
      const again = await media(app, url, { 'if-none-match': String(served.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // The media URL is the SHA-256 of the bytes served.
    const served = await media(app, photo.url);
    const { createHash } = await import('node:crypto');
    expect(photo.url).toBe(`/media/${createHash('sha256').update(served.rawPayload).digest('hex')}.webp`);
  });

  it('takes JPEG, PNG and WebP; refuses SVG, HTML named .jpg, PDF and HEIC by their bytes (415), 13 MB (413), nothing stored', async () => {
    const { app, database } = await setup();
    for (const bytes of [await png(), await webp()]) {
      expectAnswer(await upload(app, monumentPhotos, photoForm(bytes, { type: 'image/png' })), 202, PhotoAccepted);
    }
    const stored = async () => Number((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos`))[0]?.n);
    expect(await stored()).toBe(2);

    const refused = [
      { bytes: SVG, filename: 'map.svg', type: 'image/svg+xml' },
      { bytes: HTML, filename: 'photo.jpg', type: 'image/jpeg' },
      { bytes: PDF, filename: 'photo.png', type: 'image/png' },
      { bytes: Buffer.from('just some text, renamed'), filename: 'photo.webp', type: 'image/webp' },
    ];
    for (const f of refused) {
      const res = await upload(app, monumentPhotos, photoForm(f.bytes, f));
      expect(res.statusCode, f.filename).toBe(415);
      expect(JSON.parse(res.body)).toEqual({
        message: expect.stringMatching(/Only JPEG, PNG and WebP.*Nur JPEG/),
        code: 'PHOTO_TYPE',
      });
    }
    const heic = await upload(app, monumentPhotos, photoForm(HEIC, { filename: 'IMG_0001.HEIC', type: 'image/heic' }));
    expect(heic.statusCode).toBe(415);
    const { message } = JSON.parse(heic.body) as { message: string };
    expect(message).toMatch(/HEIC.*please send a JPEG/);
    expect(message).toMatch(/HEIC.*bitte als JPEG/);
    // What the web app branches on (it tells an iPhone's owner how to send a JPEG).
    expect(JSON.parse(heic.body)).toMatchObject({ code: 'PHOTO_HEIC' });
    // Named and typed as a JPEG, but 13 MB: refused at the limit, before it is all read.
    const big = Buffer.concat([await phoneJpeg(), Buffer.alloc(13 * 1024 * 1024)]);
    const tooBig = await upload(app, monumentPhotos, photoForm(big));
    expect(tooBig.statusCode).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ message: expect.any(String), code: 'TOO_LARGE' });
    // Not a form at all.
    const asJson = await app.inject({ method: 'POST', url: monumentPhotos, headers: json, payload: '{}' });
    expect(asJson.statusCode).toBe(415);
    expect(JSON.parse(asJson.body)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await stored()).toBe(2);
  });

  it('an upload is not cut off by the API request deadline (a phone sends 12 MB slowly)', async () => {
    const { app } = await setup({ pressure: { requestDeadlineMs: 1 } });
    // A 1 ms deadline: the re-encoding (tens of milliseconds in libvips' threads) outlasts it, and
    // the upload is decoded and stored all the same (with the deadline it was a 503).
    expectAnswer(await upload(app, monumentPhotos, photoForm(await phoneJpeg())), 202, PhotoAccepted);
  });

  it('refuses a decompression bomb (a 3 KB PNG that says 20,000 × 20,000) from its header, with bounded memory', async () => {
    const { app, database } = await setup();
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(16_000);
    const before = process.memoryUsage();
    const res = await upload(app, monumentPhotos, photoForm(bomb, { filename: 'small.png', type: 'image/png' }));
    const after = process.memoryUsage();
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: expect.stringMatching(/more than 40 megapixels/), code: 'PHOTO_TOO_LARGE' });
    // Decoded it would be 1.2 GB (RGB); the refusal needs no more than a few megabytes.
    expect(after.rss - before.rss).toBeLessThan(64 * 1024 * 1024);
    expect(after.external - before.external).toBeLessThan(16 * 1024 * 1024);
    // The same refusal below the API: processPhoto itself never decodes it.
    await expect(processPhoto(bomb)).rejects.toMatchObject({ reason: 'too-large', code: 'PHOTO_TOO_LARGE' });
    expect((await database.rows(sql`SELECT id FROM photos`)).length).toBe(0);
  });

  it('refuses heavy pixels from the header: just under 40 MP at 16 bits per channel decodes to 238 MB (413)', async () => {
    const { app, database } = await setup();
    const side = 6300; // 39.7 megapixels, under the pixel cap
    const heavy = bombPng(side, 16);
    expect(heavy.length).toBeLessThan(64_000);
    const res = await upload(app, monumentPhotos, photoForm(heavy, { filename: 'small.png', type: 'image/png' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/too large once decoded/), code: 'PHOTO_TOO_LARGE' });
    expect(side * side * 3 * 2).toBeGreaterThan(MAX_DECODED_BYTES);
    // The same pixels at 8 bits (119 MB decoded) pass the header checks and are decoded: this one is
    // truncated, so unreadable (422), not too large.
    await expect(processPhoto(bombPng(side, 8))).rejects.toMatchObject({ reason: 'broken', code: 'PHOTO_BROKEN' });
    expect((await database.rows(sql`SELECT id FROM photos`)).length).toBe(0);
  });

  it('decodes in a first-come queue within a memory budget; a queue that is too long answers 429', async () => {
    const queue = memoryQueue(10, 2);
    const log: string[] = [];
    const gates: Array<() => void> = [];
    const job = (name: string) => () =>
      new Promise<string>((done) => {
        log.push(`start ${name}`);
        gates.push(() => done(name));
      });
    const a = queue.run(6, job('a'));
    const b = queue.run(6, job('b')); // 12 > 10: waits for a
    const c = queue.run(3, job('c')); // would fit, but waits its turn behind b
    await expect(queue.run(1, job('d'))).rejects.toMatchObject({ retryAfterSeconds: 60 });
    await expect.poll(() => log).toEqual(['start a']);
    expect(queue.used).toBe(6);
    gates.shift()?.();
    expect(await a).toBe('a');
    await expect.poll(() => log).toEqual(['start a', 'start b', 'start c']);
    expect(queue.used).toBe(9);
    gates.splice(0).forEach((g) => g());
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);
    expect(queue.used).toBe(0);
  });

  it('checks the form: alt text 5-300 characters, the licence CC-BY-4.0, the photo present (400, nothing stored)', async () => {
    const { app, database } = await setup();
    const jpeg = await phoneJpeg();
    const cases = [
      [photoForm(jpeg, { alt: 'kurz' }), 'alt'],
      [photoForm(jpeg, { alt: 'x'.repeat(301) }), 'alt'],
      [photoForm(jpeg, { alt: undefined }), 'alt'],
      [photoForm(jpeg, { licence: 'CC0' }), 'licence'],
      [photoForm(jpeg, { licence: undefined }), 'licence'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await upload(app, monumentPhotos, body);
      expect(res.statusCode).toBe(400);
      expect((JSON.parse(res.body) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(field);
    }
    const unknown = await upload(app, pathOf(routes.uploadMonumentPhoto.path, { monumentId: 'mon-nowhere' }), photoForm(jpeg));
    expect(unknown.statusCode).toBe(404);
    expect((await database.rows(sql`SELECT id FROM photos`)).length).toBe(0);
  });

  it('shows a pending photo to its uploader only, publishes it when staff approve, and keeps a rejected one from the public', async () => {
    const { app, staff, database } = await setup();
    const me = browser(app, 'erika');
    const other = browser(app, 'someone-else');
    const accepted = expectAnswer(await upload(app, monumentPhotos, photoForm(await phoneJpeg()), me), 202, PhotoAccepted);
    expect(accepted.status).toBe('pending');

    // The uploader's browser sees it, marked pending; nobody else does, nor its bytes.
    const mine = expectAnswer(await getPhoto(app, accepted.id, me), 200, Photo);
    expect(mine.status).toBe('pending');
    expect(mine.credit).toBe('anonym');
    expect((await getPhoto(app, accepted.id, other)).statusCode).toBe(404);
    expect((await getPhoto(app, accepted.id)).statusCode).toBe(404);
    const ownBytes = await media(app, mine.url, me);
    expect(ownBytes.statusCode).toBe(200);
    expect(ownBytes.headers['cache-control']).toBe('private, no-cache');
    expect((await media(app, mine.url, other)).statusCode).toBe(404);
    expect((await media(app, mine.thumbUrl)).statusCode).toBe(404);
    const ofMonument = (headers: Record<string, string> = {}) =>
      app.inject({ url: pathOf(routes.monumentPhotos.path, { monumentId: MON }), headers });
    expect(expectAnswer(await ofMonument(me), 200, PhotoList).map((p) => [p.id, p.status])).toEqual([[accepted.id, 'pending']]);
    expect(expectAnswer(await ofMonument(other), 200, PhotoList)).toEqual([]);
    expect(expectAnswer(await app.inject({ url: routes.photos.path }), 200, PhotoList)).toEqual([]);
    // Staff see it in the queue, and its bytes.
    const queue = expectAnswer(
      await app.inject({ url: `${routes.staffPhotos.path}?status=pending`, headers: staff }),
      200,
      StaffPhotoList,
    );
    expect(queue.map((p) => p.id)).toEqual([accepted.id]);
    expect((await media(app, mine.url, staff)).statusCode).toBe(200);
    expect((await app.inject({ url: routes.staffPhotos.path })).statusCode).toBe(401);
    expect((await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: accepted.id }), {})).statusCode).toBe(401);

    const approved = expectAnswer(
      await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: accepted.id }), staff),
      200,
      StaffPhoto,
    );
    expect(approved.status).toBe('approved');
    expect(expectAnswer(await getPhoto(app, accepted.id, other), 200, Photo).status).toBe('approved');
    expect((await media(app, mine.thumbUrl)).statusCode).toBe(200);
    expect(expectAnswer(await ofMonument(other), 200, PhotoList).map((p) => p.id)).toEqual([accepted.id]);
    expect(expectAnswer(await app.inject({ url: routes.photos.path }), 200, PhotoList).map((p) => p.id)).toEqual([accepted.id]);

    // A second one is rejected with a reason: never public, out of the uploader's view too.
    const second = expectAnswer(await upload(app, monumentPhotos, photoForm(await png()), me), 202, PhotoAccepted);
    const rejected = expectAnswer(
      await staffPost(app, pathOf(routes.staffRejectPhoto.path, { photoId: second.id }), staff, { reason: 'Zeigt ein Gesicht.' }),
      200,
      StaffPhoto,
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Zeigt ein Gesicht.' });
    expect((await getPhoto(app, second.id, me)).statusCode).toBe(404);
    expect((await media(app, rejected.url, me)).statusCode).toBe(404);
    const noReason = await staffPost(app, pathOf(routes.staffRejectPhoto.path, { photoId: second.id }), staff, {});
    expect(noReason.statusCode).toBe(400);

    const audit = await database.rows<{ action: string; actor: string }>(
      sql`SELECT action, actor FROM audit_log WHERE item_kind = 'photo' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'photo.approve', actor: 'Erika Muster' },
      { action: 'photo.reject', actor: 'Erika Muster' },
    ]);
  });

  it('rotates by 90° (new bytes, new URLs, the old ones 404) and removes (its URLs 404 at once), each audited', async () => {
    const { app, staff, database } = await setup();
    const accepted = expectAnswer(await upload(app, monumentPhotos, photoForm(await png(300, 200))), 202, PhotoAccepted);
    const at = (route: { path: string }) => pathOf(route.path, { photoId: accepted.id });
    const approved = expectAnswer(await staffPost(app, at(routes.staffApprovePhoto), staff), 200, StaffPhoto);
    expect([approved.width, approved.height]).toEqual([300, 200]);

    const turned = expectAnswer(await staffPost(app, at(routes.staffRotatePhoto), staff, { degrees: 90 }), 200, StaffPhoto);
    expect([turned.width, turned.height]).toEqual([200, 300]);
    expect(turned.url).not.toBe(approved.url);
    expect((await media(app, approved.url)).statusCode).toBe(404);
    const served = await media(app, turned.url);
    expect(served.statusCode).toBe(200);
    expect(exiftool(served.rawPayload)).toMatchObject({ 'RIFF:ImageWidth': 200, 'RIFF:ImageHeight': 300 });
    expect((await staffPost(app, at(routes.staffRotatePhoto), staff, { degrees: 45 })).statusCode).toBe(400);

    // A second instance on the same database serves it until it is removed on the first.
    const second = await buildApp(testConfig(), { database });
    cleanups.push(() => second.close());
    expect((await media(second, turned.url)).statusCode).toBe(200);
    const removed = await app.inject({ method: 'DELETE', url: at(routes.staffDeletePhoto), headers: staff });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(JSON.parse(removed.body)).toEqual({ removed: true });
    for (const instance of [app, second]) {
      expect((await media(instance, turned.url)).statusCode).toBe(404);
      expect((await media(instance, turned.thumbUrl)).statusCode).toBe(404);
      expect((await getPhoto(instance, accepted.id)).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'DELETE', url: at(routes.staffDeletePhoto), headers: staff })).statusCode).toBe(404);
    const audit = await database.rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE item_kind = 'photo' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['photo.approve', 'photo.rotate', 'photo.remove']);
  });

  it('takes the same upload over tRPC as a form (what its client sends for FormData), and checks it the same way', async () => {
    const { app, database } = await setup();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (body: FormData | string, headers: Record<string, string> = {}) =>
      fetch(`${base}${PHOTO_UPLOAD_TRPC_PATH}`, { method: 'POST', body, headers: { origin: base, ...headers } });
    const formOf = (fields: Record<string, string>, bytes?: Buffer) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      if (bytes) f.set('photo', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
      return f;
    };
    const good = { monumentId: MON, alt: 'Die Säule am Hauptplatz von Süden', licence: 'CC-BY-4.0' };
    const res = await post(formOf(good, await phoneJpeg(640, 320)));
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { data: unknown } };
    const accepted = PhotoAccepted.parse(result.data);
    const [row] = await database.rows<{ status: string; monument_id: string }>(
      sql`SELECT status, monument_id FROM photos WHERE id = ${accepted.id}`,
    );
    expect(row).toEqual({ status: 'pending', monument_id: MON });
    // Refused like REST: no subject, both subjects, a wrong licence, no file, a stray file, not a form.
    for (const bad of [
      formOf({ alt: good.alt, licence: good.licence }, await png()),
      formOf({ ...good, proposalId: '1' }, await png()),
      formOf({ ...good, licence: 'CC0' }, await png()),
      formOf(good),
    ]) {
      expect((await post(bad)).status).toBe(400);
    }
    const stray = formOf(good, await png());
    stray.set('other', new Blob([Buffer.from('x')]), 'x.txt');
    expect((await post(stray)).status).toBe(400);
    expect((await post(formOf(good, SVG))).status).toBe(415);
    expect((await post(JSON.stringify(good), { 'content-type': 'application/json' })).status).toBe(415);
    // A request longer than the limit is refused by its Content-Length, before anything is read.
    const big = await post(formOf(good, Buffer.alloc(PHOTO_RULES.maxBytes + 100 * 1024)));
    expect(big.status).toBe(413);
    expect(Number((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos`))[0]?.n)).toBe(1);
  });

  it('takes one picture per proposal and three per monument from visitors (409), staff more; limits a browser per day (429, Retry-After)', async () => {
    const { app, staff } = await setup({ limits: { photosPerBrowserPerDay: 4, photosPendingPerNetwork: 20 } });
    const proposal = await propose(app, 'Johanna Dohnal', MON);
    const proposalPhotos = pathOf(routes.uploadProposalPhoto.path, { proposalId: proposal.id });
    const me = browser(app, 'busy');
    expectAnswer(await upload(app, proposalPhotos, photoForm(await png()), me), 202, PhotoAccepted);
    expect((await upload(app, proposalPhotos, photoForm(await png()), me)).statusCode).toBe(409);
    expect(
      (await upload(app, pathOf(routes.uploadProposalPhoto.path, { proposalId: 999999 }), photoForm(await png()))).statusCode,
    ).toBe(404);

    for (let i = 0; i < 3; i++) {
      expect((await upload(app, monumentPhotos, photoForm(await png(100 + i, 100)), browser(app, `b${i}`))).statusCode).toBe(202);
    }
    expect((await upload(app, monumentPhotos, photoForm(await png()), browser(app, 'b9'))).statusCode).toBe(409);
    // Pending photos from one network never block another's: a visitor elsewhere still may.
    expect((await upload(app, monumentPhotos, photoForm(await png()), browser(app, 'c1'), '198.51.100.7')).statusCode).toBe(202);
    // Staff may add more, approved at once.
    const byStaff = await upload(app, monumentPhotos, photoForm(await webp()), staff);
    expect(byStaff.statusCode).toBe(202);

    // This browser's fifth upload of the day (the 409 did not count, nothing was stored): refused.
    const other = pathOf(routes.uploadMonumentPhoto.path, { monumentId: 'mon-hessendenkmal' });
    for (let i = 0; i < 3; i++) expect((await upload(app, other, photoForm(await png(50 + i, 50)), me)).statusCode).toBe(202);
    const limited = await upload(app, other, photoForm(await png(60, 60)), me);
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(86_000);
    expect(wait).toBeLessThanOrEqual(86_400);
  });

  it("caps one network's photos waiting for review, wherever they are (409); approving one frees a slot", async () => {
    const { app, staff } = await setup({ limits: { photosPendingPerNetwork: 2 } });
    const other = pathOf(routes.uploadMonumentPhoto.path, { monumentId: 'mon-hessendenkmal' });
    const junk = async (url: string, who: string, ip: string) =>
      upload(app, url, photoForm(await png(40 + who.length, 40)), browser(app, who), ip);
    const first = await junk(monumentPhotos, 'j1', '192.0.2.10');
    expect(first.statusCode).toBe(202);
    expect((await junk(other, 'j2', '192.0.2.11')).statusCode).toBe(202);
    // Same /24 network, new browser, another monument: its network has two waiting.
    const refused = await junk(other, 'j3', '192.0.2.12');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/waiting for review/) });
    // Someone on another network is not affected.
    expect((await junk(other, 'k1', '198.51.100.20')).statusCode).toBe(202);
    const id = first.json<{ id: string }>().id;
    expect((await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: id }), staff)).statusCode).toBe(200);
    expect((await junk(other, 'j4', '192.0.2.13')).statusCode).toBe(202);
  });

  it('the exports (GeoJSON, CSV) and Open311 carry approved photos: URL, alt text, credit, licence; never a pending one', async () => {
    const { app, staff, config } = await setup();
    const proposal = await propose(app, 'Johanna Dohnal', MON);
    const sketch = expectAnswer(
      await upload(
        app,
        pathOf(routes.uploadProposalPhoto.path, { proposalId: proposal.id }),
        photoForm(await png(), {
          alt: 'Skizze: eine Büste auf dem Sockel',
          credit: 'Anna',
        }),
      ),
      202,
      PhotoAccepted,
    );
    const monumentPhoto = expectAnswer(await upload(app, monumentPhotos, photoForm(await webp())), 202, PhotoAccepted);
    const read = async () => {
      const geo = JSON.parse((await app.inject({ url: routes.monumentsGeojson.path })).body) as {
        features: { id: string; properties: { photos: { url: string; alt: string; credit: string; licence: string }[] } }[];
      };
      const open311 = JSON.parse((await app.inject({ url: `/open311/v2/requests/${proposal.id}.json` })).body) as {
        media_url?: string;
      }[];
      return {
        geo: geo.features.find((f) => f.id === MON)?.properties.photos,
        monumentsCsv: (await app.inject({ url: routes.monumentsCsv.path })).body,
        proposalsCsv: (await app.inject({ url: routes.proposalsCsv.path })).body,
        mediaUrl: open311[0]?.media_url,
      };
    };
    const before = await read();
    expect(before.geo).toEqual([]);
    expect(before.monumentsCsv).not.toContain('/media/');
    expect(before.proposalsCsv).not.toContain('/media/');
    expect(before.mediaUrl).toBeUndefined();

    const approve = (id: string) => staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: id }), staff);
    const approvedSketch = expectAnswer(await approve(sketch.id), 200, StaffPhoto);
    const approvedPhoto = expectAnswer(await approve(monumentPhoto.id), 200, StaffPhoto);
    const after = await read();
    expect(after.geo).toEqual([
      {
        url: `${config.publicUrl}${approvedPhoto.url}`,
        thumbUrl: `${config.publicUrl}${approvedPhoto.thumbUrl}`,
        alt: approvedPhoto.alt,
        credit: 'anonym',
        licence: 'CC-BY-4.0',
      },
    ]);
    expect(after.monumentsCsv.split('\r\n')[0]).toMatch(/,photo_url,photo_alt,photo_credit,photo_licence,namesake,/);
    expect(after.monumentsCsv).toContain(`${config.publicUrl}${approvedPhoto.url},${approvedPhoto.alt},anonym,CC-BY-4.0`);
    expect(after.proposalsCsv).toContain(
      `${config.publicUrl}${approvedSketch.url},Skizze: eine Büste auf dem Sockel,Anna,CC-BY-4.0`,
    );
    expect(after.mediaUrl).toBe(`${config.publicUrl}${approvedSketch.url}`);
  });

  it("a proposal's share preview shows its approved picture under the headline", async () => {
    const { app, staff } = await setup();
    const proposal = await propose(app, 'Rosa Hofmann', MON);
    const imageAt = pathOf(routes.proposalImage.path, { proposalId: proposal.id });
    // The mean colour of the band under the headline where the photo goes.
    const band = (png: Buffer) => {
      const { data, width } = decodePng(png);
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = 260; y < 320; y++) {
        for (let x = 300; x < 900; x++) {
          const at = (y * width + x) * 4;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[at + c] ?? 0);
          n++;
        }
      }
      return sum.map((v) => v / n);
    };
    const before = await app.inject({ url: imageAt });
    expect(before.statusCode).toBe(200);
    const sketch = expectAnswer(
      await upload(app, pathOf(routes.uploadProposalPhoto.path, { proposalId: proposal.id }), photoForm(await png(800, 400))),
      202,
      PhotoAccepted,
    );
    // Pending: the preview is unchanged.
    expect((await app.inject({ url: imageAt })).headers.etag).toBe(before.headers.etag);
    await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: sketch.id }), staff);
    const after = await app.inject({ url: imageAt });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The sketch is pure green (10, 200, 10): the band is green now, and was not before.
    const [r, g, b] = band(after.rawPayload);
    expect(g).toBeGreaterThan(150);
    expect(r).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    // Before, it was the card's pale paper (#f5f2fa): no more green than red.
    const [r0 = 0, g0 = 0] = band(before.rawPayload);
    expect(g0 - r0).toBeLessThan(20);
  });

  it('backup and restore carry the photos: the same bytes at the same URLs', async () => {
    const { app, staff, database } = await setup();
    const accepted = expectAnswer(await upload(app, monumentPhotos, photoForm(await phoneJpeg())), 202, PhotoAccepted);
    const photo = expectAnswer(
      await staffPost(app, pathOf(routes.staffApprovePhoto.path, { photoId: accepted.id }), staff),
      200,
      StaffPhoto,
    );
    const original = (await media(app, photo.url)).rawPayload;
    const { file } = await createBackup(database);
    const { database: target } = await freshDatabase();
    cleanups.push(() => target.close());
    await restoreBackup(target, readBackup(file));
    const restored = await buildApp(testConfig(), { database: target });
    cleanups.push(() => restored.close());
    const again = await media(restored, photo.url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(original)).toBe(true);
    expect((await media(restored, photo.thumbUrl)).statusCode).toBe(200);
    expect(expectAnswer(await getPhoto(restored, accepted.id), 200, Photo)).toMatchObject({ id: accepted.id, url: photo.url });
  });
});
