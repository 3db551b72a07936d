// "Wo ist das?" (issue 54): a citizen suggests where a commemoration without a place stands; the
// suggestion waits for staff under the create limit; three from different networks within 100 m
// agree; staff confirm one (maybe moved) and it is a marker, placed by citizens, that can be
// supported like any monument; staff may reject instead. Suggesters who left an address get a mail.
import {
  MonumentDetail,
  MonumentList,
  PlaceSuggestionAnswer,
  pathOf,
  routes,
  StaffPlaces,
  UnplacedList,
  VoteAnswer,
} from '@linz/contract';
import { startSmtpPeer } from '@linz/test-peers/smtp';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { browser, DB_KIND, expectAnswer, freshDatabase, json, propose, testApp, testConfig } from '../support/harness.js';
import { bearer, dataOf, newStaff, trpcPost } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let staff: string;
beforeEach(async () => {
  t = await testApp();
  staff = await newStaff(t.database, 'Erika');
});
afterEach(() => t.close());

const ITEM = 'mon-achleitnerstrasse';
const AT = { lat: 48.2105, lng: 14.3312 };

const suggest = (who: string, address: string, body: Record<string, unknown>, monumentId = ITEM) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(routes.suggestPlace.path, { monumentId }),
    headers: { ...json, ...browser(t.app, who) },
    remoteAddress: address,
    payload: body,
  });
const places = async () =>
  expectAnswer(await t.app.inject({ url: routes.staffPlaces.path, headers: bearer(staff) }), 200, StaffPlaces);

describe(`"Wo ist das?" on ${DB_KIND}`, () => {
  it('lists the commemorations without a place, women first, each with what is known', async () => {
    const list = expectAnswer(await t.app.inject({ url: routes.unplaced.path }), 200, UnplacedList);
    expect(list.length).toBe(573 - 102 + 17);
    const firstMan = list.findIndex((i) => i.sex !== 'female');
    expect(list.slice(0, firstMan).every((i) => i.sex === 'female')).toBe(true);
    expect(list.slice(firstMan).some((i) => i.sex === 'female')).toBe(false);
    const achleitner = list.find((i) => i.id === ITEM);
    expect(achleitner?.shortDescription).toMatch(/Kremsmünsterer Straße/);
    expect(achleitner?.namesake?.name).toBe('Viktor Achleitner');
  });

  it('takes suggestions that wait for staff, shows agreement, and places the item once staff confirm', async () => {
    // Outside the city's area: refused, nothing written.
    const outside = await suggest('a', '198.51.100.1', { lat: 47.07, lng: 15.44 });
    expect(outside.statusCode).toBe(400);
    expect(JSON.parse(outside.body)).toMatchObject({ code: 'OUTSIDE_AREA' });

    const first = expectAnswer(
      await suggest('a', '198.51.100.1', { ...AT, note: 'Sackgasse beim Hauderweg', email: 'a@example.org', lang: 'de' }),
      201,
      PlaceSuggestionAnswer,
    );
    expect(first.underReview).toBe(true);
    // Two networks only: no agreement yet.
    await suggest('b', '203.0.113.7', { lat: AT.lat + 0.0003, lng: AT.lng });
    let item = (await places()).items.find((i) => i.item.id === ITEM)!;
    expect(item.suggestions).toHaveLength(2);
    expect(item.agreement).toMatchObject({ agreed: false, networks: 2 });
    expect(item.item.shortDescription).toMatch(/Hauderweg/);
    // A third network within 100 m: they agree. (One far away does not count.)
    await suggest('c', '192.0.2.44', { lat: AT.lat, lng: AT.lng + 0.0004 });
    await suggest('d', '198.18.0.9', { lat: AT.lat + 0.01, lng: AT.lng });
    item = (await places()).items.find((i) => i.item.id === ITEM)!;
    expect(item.agreement).toMatchObject({ agreed: true, networks: 3, suggestions: 3 });
    expect(new Set(item.suggestions.map((s) => s.network)).size).toBe(4);
    expect(JSON.stringify(item)).not.toContain('example.org');
    // Not placed until staff confirm.
    const before = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    expect(before.some((m) => m.id === ITEM)).toBe(false);

    const moved = { lat: AT.lat + 0.0001, lng: AT.lng + 0.0001 };
    const confirmed = await t.app.inject(
      trpcPost('staff.places.confirm', { monumentId: ITEM, suggestionId: first.id, ...moved }, bearer(staff)),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf(confirmed)).toEqual({ monumentId: ITEM, placedBy: 'citizens' });

    const after = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    const marker = after.find((m) => m.id === ITEM);
    expect(marker).toMatchObject({ geoLocX: moved.lat, geoLocY: moved.lng, placedBy: 'citizens', category: 'street' });
    const detail = expectAnswer(
      await t.app.inject({ url: pathOf(routes.monument.path, { monumentId: ITEM }) }),
      200,
      MonumentDetail,
    );
    expect(detail.placement).toMatchObject({ by: 'citizens', suggestions: 4 });
    expect((await places()).items.some((i) => i.item.id === ITEM)).toBe(false);
    const unplaced = expectAnswer(await t.app.inject({ url: routes.unplaced.path }), 200, UnplacedList);
    expect(unplaced.some((i) => i.id === ITEM)).toBe(false);
    // The suggester who left an address is told; the others have none.
    const mails = await t.database.rows<{ status: string }>(
      sql`SELECT status FROM place_suggestions WHERE monument_id = ${ITEM} ORDER BY id`,
    );
    // (The sender, woken by the confirmation, may have taken the first one already.)
    expect(mails.map((m) => (m.status === 'none' ? 'none' : 'queued'))).toEqual(['queued', 'none', 'none', 'none']);
    // A second confirmation is refused: it has a place.
    const again = await t.app.inject(
      trpcPost('staff.places.confirm', { monumentId: ITEM, suggestionId: first.id, ...AT }, bearer(staff)),
    );
    expect(again.statusCode).toBe(409);
    // Coverage counts it as placed by citizens.
    const stats = JSON.parse((await t.app.inject({ url: routes.stats.path })).body) as {
      coverage: { streets: { unknown: { citizens: number } } };
    };
    expect(stats.coverage.streets.unknown.citizens).toBe(1);

    // It can be supported like any monument: a proposal, and a vote for it.
    const proposal = await propose(t.app, 'Zusatztafel: wer war Viktor Achleitner?', ITEM);
    const vote = await t.app.inject({
      method: 'POST',
      url: pathOf(routes.castVote.path, { proposalId: proposal.id }),
      headers: { ...json, ...browser(t.app, 'voter-1') },
      payload: { monumentId: ITEM, action: 'vote' },
    });
    expect(expectAnswer(vote, 200, VoteAnswer).newVoteCount).toBe(1);
  });

  it('lets staff reject the suggestions (the item stays without a place, addresses cleared); strangers may not decide', async () => {
    await suggest('a', '198.51.100.1', { ...AT, email: 'a@example.org' });
    const unsigned = await t.app.inject(trpcPost('staff.places.reject', { monumentId: ITEM }));
    expect(unsigned.statusCode).toBe(401);
    const rejected = await t.app.inject(trpcPost('staff.places.reject', { monumentId: ITEM }, bearer(staff)));
    expect(dataOf(rejected)).toEqual({ rejected: 1 });
    const [row] = await t.database.rows<{ decision: string; email: string | null }>(
      sql`SELECT decision, email FROM place_suggestions WHERE monument_id = ${ITEM}`,
    );
    expect(row).toEqual({ decision: 'rejected', email: null });
    const list = expectAnswer(await t.app.inject({ url: routes.unplaced.path }), 200, UnplacedList);
    expect(list.find((i) => i.id === ITEM)?.suggestions).toBe(0);
    // A placed monument takes no suggestion.
    expect((await suggest('b', '203.0.113.7', AT, 'mon-dreifaltigkeitssaeule')).statusCode).toBe(404);
  });

  it('e-mails the suggesters who left an address once staff confirm, in their language, then forgets the address', async () => {
    const smtp = await startSmtpPeer('accept');
    const { database } = await freshDatabase();
    const app = await buildApp(testConfig({ SMTP_URL: smtp.url }), { database, mail: { pollMs: 0 } });
    try {
      await app.outboxSender.idle();
      const token = await newStaff(database, 'Erika');
      const post = (address: string, body: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: pathOf(routes.suggestPlace.path, { monumentId: ITEM }),
          headers: json,
          remoteAddress: address,
          payload: body,
        });
      const first = expectAnswer(
        await post('198.51.100.1', { ...AT, email: 'anna@example.org', lang: 'en' }),
        201,
        PlaceSuggestionAnswer,
      );
      expectAnswer(await post('203.0.113.7', { ...AT, email: 'berta@example.org', lang: 'de' }), 201, PlaceSuggestionAnswer);
      await app.outboxSender.runOnce();
      expect(smtp.messages).toHaveLength(0);
      const confirmed = await app.inject(
        trpcPost('staff.places.confirm', { monumentId: ITEM, suggestionId: first.id, ...AT }, bearer(token)),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await app.outboxSender.runOnce();
      expect(smtp.messages.map((m) => m.headers.get('subject')).sort()).toEqual([
        '“Achleitnerstraße” is now on the map',
        '„Achleitnerstraße“ ist jetzt auf der Karte',
      ]);
      expect(smtp.messages.find((m) => m.text.includes('Thank you'))?.text).toContain('/monuments/mon-achleitnerstrasse');
      const rows = await database.rows<{ status: string; email: string | null }>(
        sql`SELECT status, email FROM place_suggestions ORDER BY id`,
      );
      expect(rows).toEqual([
        { status: 'sent', email: null },
        { status: 'sent', email: null },
      ]);
    } finally {
      await app.close();
      await database.close();
      await smtp.stop();
    }
  });
});
