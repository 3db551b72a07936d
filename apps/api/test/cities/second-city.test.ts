// A second, made-up city end to end (test/fixtures/cities/auwinkel: an L-shaped boundary, an
// Overpass JSON of 34 streets, a gender CSV): imported into an empty database and started, its
// map opens inside its boundary, its figures count its data, a place outside is refused, its
// mayor's mail goes to its own address and names it, and none of its answers names Linz.
import path from 'node:path';
import { ClientConfig, insideArea, OPEN311_BASE, routes, Stats } from '@linz/contract';
import { startSmtpPeer, type SmtpPeer } from '@linz/test-peers/smtp';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { importFile } from '../../src/city/import/run.js';
import { browser, DB_KIND, json, testApp } from '../support/harness.js';

const CITY = path.join(import.meta.dirname, '../fixtures/cities/auwinkel');
const MAYOR = 'buergermeisterin@auwinkel.example';

let smtp: SmtpPeer | undefined;
let t: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.stop();
  t = smtp = undefined;
});

describe(`a second city (Auwinkel) on ${DB_KIND}`, () => {
  it('imports, opens inside its boundary, counts its data, refuses a place outside, mails its mayor, and never says Linz', async () => {
    smtp = await startSmtpPeer('accept');
    t = await testApp({ CITY, SMTP_URL: smtp.url }, { unseeded: true });
    const { app, database } = t;
    const area = t.config.city.area;
    expect((await importFile(database, path.join(CITY, 'overpass.json'), area)).items.new).toBe(34);
    expect((await importFile(database, path.join(CITY, 'gender.csv'), area)).items.updated).toBe(34);

    const config = ClientConfig.parse(JSON.parse((await app.inject({ url: routes.clientConfig.path })).body));
    expect(config.city).toMatchObject({
      name: { de: 'Auwinkel', en: 'Auwinkel' },
      productName: 'Denk·Mal Auwinkel',
      timeZone: 'Europe/London',
      voteThreshold: 3,
    });
    // No view in its profile: derived from the boundary, inside its L (the box's centre is on its edge).
    expect(insideArea(config.cityArea, config.city.view.lat, config.city.view.lng)).toBe(true);

    const stats = Stats.parse(JSON.parse((await app.inject({ url: routes.stats.path })).body));
    expect(stats.monuments.total).toBe(34);
    expect(stats.monuments.bySex).toMatchObject({ female: 8, male: 16, none: 10 });
    expect(stats.monuments.byCategory.street).toMatchObject({ female: 8, male: 16, none: 10 });

    const add = (geoLocX: number, geoLocY: number) =>
      app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { name: 'Neuer Gedenkstein', geoLocX, geoLocY },
      });
    // Inside its box, outside its L; and in Linz.
    for (const [lat, lng] of [
      [47.95, 15.08],
      [48.3059, 14.2862],
    ] as const) {
      const refused = await add(lat, lng);
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'OUTSIDE_AREA' });
    }

    // Its threshold (3 votes) sends the mayor's mail to its own mayor, named for it.
    const [street] = await database.rows<{ id: string }>(sql`SELECT id FROM monuments WHERE name = 'Marie-Curie-Gasse'`);
    const proposal = await app.inject({
      method: 'POST',
      url: `/api/interventions/${street!.id}`,
      headers: json,
      payload: { name: 'Eine Tafel für Marie Curie' },
    });
    const { id } = JSON.parse(proposal.body) as { id: number };
    for (let v = 0; v < 3; v++) {
      const vote = await app.inject({
        method: 'POST',
        url: `/api/interventions/${id}/vote`,
        headers: { ...json, ...browser(app, `auwinkel-${v}`) },
        payload: { monumentId: street!.id, action: 'vote' },
      });
      expect(vote.statusCode, vote.body).toBe(200);
    }
    await app.outboxSender.idle();
    await app.outboxSender.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.envelopeTo).toEqual([MAYOR]);
    expect(mail.headers.get('subject')).toMatch(/^Denk·Mal Auwinkel: /);
    const { text = '' } = await simpleParser(mail.raw);
    expect(text).toContain('Marie-Curie-Gasse');
    // Its time zone (Europe/London in its profile), not Linz's: the moment of the threshold, and
    // Open311's agency and times.
    expect(text).toContain('(Europe/London; ');
    expect(text).not.toContain('Vienna');
    const open311 = JSON.parse((await app.inject({ url: `${OPEN311_BASE}/requests/${id}.json` })).body) as {
      agency_responsible: string;
      requested_datetime: string;
    }[];
    expect(open311[0]?.agency_responsible).toBe('Marktgemeinde Auwinkel');
    const at = open311[0]?.requested_datetime ?? '';
    const londonHour = new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });
    expect(at.slice(11, 13)).toBe(londonHour);
    expect(at).toMatch(/\+0[01]:00$/);

    // A text that speaks as this city ("Marktgemeinde Auwinkel", its office) waits for staff.
    const voice = await app.inject({
      method: 'POST',
      url: `/api/interventions/${street!.id}`,
      headers: { ...json, ...browser(app, 'auwinkel-voice') },
      payload: { name: 'Mitteilung der Marktgemeinde Auwinkel' },
    });
    expect(voice.statusCode, voice.body).toBe(201);
    expect(JSON.parse(voice.body)).toMatchObject({ underReview: true });

    // Nothing it answers names Linz: its config, figures, site profile, lists, exports and feeds, and the mail.
    const pages = [
      routes.clientConfig.path,
      routes.stats.path,
      routes.site.path,
      '/api/monuments',
      routes.monumentsCsv.path,
      routes.monumentsGeojson.path,
      '/api/feeds/interventions.atom',
      '/api/feeds/answers.atom',
      `${OPEN311_BASE}/discovery.json`,
      `${OPEN311_BASE}/requests.json`,
    ];
    for (const url of pages) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/linz/i);
    }
    expect(mail.raw.toString()).not.toMatch(/linz/i);
  });
});
