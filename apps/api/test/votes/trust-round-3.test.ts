// Issue 56, the second attacker's points, each repeated as it was tried on main (TRUST_PROXY=1, as
// behind our nginx), on both databases: one /48 sending the mayor's mail alone, a tight burst, a
// catch-all domain; reports taking down what the city stands behind; a visitor's words in the
// mayor's and staff's subjects; feedback floods; creates per household; a stranger using up an
// inbox; held votes showing through confirmedVotes; a declined proposal taking votes; empty and
// official-looking names.
import { AwaitingAnswerList, MonumentProposalList, ProposalList, pathOf, routes, VoteAlertList } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigOptions } from '../../src/config.js';
import { followApp, received, tokenIn, type FollowApp } from '../support/follow-helpers.js';
import { browser, DB_KIND, json } from '../support/harness.js';
import { bearer } from '../support/staff-helpers.js';

const PRODUCTION = { BURST_VOTES_PER_NETWORK_HOUR: '8', THRESHOLD_MIN_NETWORKS: '4', TRUST_PROXY: '1' };
const MAYOR = 'mayor.office@linz.example';

const apps: FollowApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function start(env: Record<string, string> = {}, config: ConfigOptions = {}) {
  const a = await followApp(
    { ...PRODUCTION, ...env },
    {
      config: {
        limits: { votesPerIpPerProposal: 5, votesPerNetworkHour: 30, ...config.limits },
        pressure: { requestDeadlineMs: 0 },
        ...(config.thresholdQuickSeconds === undefined ? {} : { thresholdQuickSeconds: config.thresholdQuickSeconds }),
      },
    },
  );
  apps.push(a);
  let browsers = 0;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, from: string, who?: string, payload?: unknown) =>
    a.app.inject({
      method,
      url,
      headers: { ...json, 'x-forwarded-for': from, ...(who ? browser(a.app, who) : {}) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return {
    ...a,
    inject,
    vote(id: number, from: string, who = `browser-${browsers++}`) {
      return inject('POST', pathOf(routes.castVote.path, { proposalId: id }), from, who, {
        monumentId: a.monumentId,
        action: 'vote',
      });
    },
    async popup(id: number, from = '192.0.2.200', who?: string) {
      const res = await inject('GET', pathOf(routes.monumentProposals.path, { monumentId: a.monumentId }), from, who);
      return MonumentProposalList.parse(JSON.parse(res.body)).find((p) => p.id === id);
    },
    async publicList() {
      return ProposalList.parse(JSON.parse((await a.app.inject({ url: routes.allProposals.path })).body));
    },
    mayorMails: async () => (await received(a.smtp!)).filter((m) => m.envelopeTo.includes(MAYOR)),
    async alerts() {
      const res = await a.app.inject({ url: routes.staffVoteAlerts.path, headers: bearer(a.staffToken) });
      return VoteAlertList.parse(JSON.parse(res.body));
    },
    async mayorRow(id: number) {
      const [row] = await a.database.rows<{ status: string }>(
        sql`SELECT status FROM mayor_notifications WHERE proposal_id = ${id} AND kind = 'threshold'`,
      );
      return row?.status;
    },
    /** Asks for this browser's vote's confirmation and clicks the link (the inbox's mail). */
    async confirmFrom(id: number, who: string, email: string, from = '192.0.2.1') {
      const before = a.smtp!.messages.length;
      const res = await inject('POST', pathOf(routes.confirmVote.path, { proposalId: id }), from, who, { email, lang: 'de' });
      expect(res.statusCode, res.body).toBe(202);
      await a.drain();
      const mail = (await received(a.smtp!)).slice(before).find((m) => m.envelopeTo.includes(email));
      if (!mail?.text) return false;
      const token = tokenIn(mail.text, '/votes/confirm');
      const confirmed = await a.app.inject({ method: 'POST', url: routes.votesConfirm.path, headers: json, payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return true;
    },
  };
}

/** Host 1 of the /56 number `k` (0..255) inside the /48 2001:db8:4848::/48. */
const in48 = (k: number, host = 1) => `2001:db8:4848:${(k * 256).toString(16)}::${host}`;

/** The Linz profile's site name (cities/linz/city.json). */
const PRODUCT_NAME = 'Denk·Mal Linz';

describe(`the threshold's networks on ${DB_KIND}`, () => {
  it('ten votes from ten /56s of one /48 hold the mail (alert few_areas); released, it says they share one wider network', async () => {
    const a = await start();
    const id = await a.proposal('Zehn Netze, ein Tunnel');
    for (let k = 0; k < 10; k++) expect((await a.vote(id, in48(k))).statusCode).toBe(200);
    await a.drain();
    expect(await a.mayorMails()).toHaveLength(0);
    expect(await a.mayorRow(id)).toBe('held');
    expect((await a.alerts()).map((x) => x.kind)).toContain('few_areas');
    // Staff look and send it: the mail is honest about where the votes came from.
    const [row] = await a.database.rows<{ id: number }>(sql`SELECT id FROM mayor_notifications WHERE proposal_id = ${id}`);
    const res = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.staffReleaseMail.path, { notificationId: Number(row?.id) }),
      headers: { ...json, ...bearer(a.staffToken) },
      payload: '{}',
    });
    expect(res.statusCode, res.body).toBe(200);
    await a.drain();
    const [mail] = await a.mayorMails();
    expect(mail?.text).toContain('10 Stimmen aus 10 verschiedenen Netzen (höchstens 1 aus demselben) im selben größeren Netz');
  });

  it('ten votes from ten /48s within seconds hold the mail (alert quick)', async () => {
    const a = await start({}, { thresholdQuickSeconds: 600 });
    const id = await a.proposal('Zehn Stimmen in einer Sekunde');
    for (let k = 0; k < 10; k++) expect((await a.vote(id, `2001:db8:${k + 1}::1`)).statusCode).toBe(200);
    await a.drain();
    expect(await a.mayorMails()).toHaveLength(0);
    expect((await a.alerts()).map((x) => x.kind)).toEqual(['quick']);
  });

  it('THRESHOLD_COUNTS=confirmed: ten addresses at one catch-all domain hold the mail (alert few_domains)', async () => {
    const a = await start({ THRESHOLD_COUNTS: 'confirmed' });
    const id = await a.proposal('Zehn Adressen, eine Domain');
    for (let k = 0; k < 10; k++) expect((await a.vote(id, `198.51.${k}.10`, `voter-${k}`)).statusCode).toBe(200);
    for (let k = 0; k < 10; k++)
      expect(await a.confirmFrom(id, `voter-${k}`, `x${k}@catchall.example`, `198.51.${k}.10`)).toBe(true);
    expect((await a.popup(id))?.confirmedVotes).toBe(10);
    await a.drain();
    expect(await a.mayorMails()).toHaveLength(0);
    expect((await a.alerts()).map((x) => x.kind)).toEqual(['few_domains']);
  });
});

describe(`reports on ${DB_KIND}`, () => {
  const report = (a: Awaited<ReturnType<typeof start>>, url: string, k: number, from: string) =>
    a.inject('POST', url, from, `reporter-${k}`, { reason: 'wrong' });

  it('three reports from three /56s do not hide a validated seed monument: they wait for staff', async () => {
    const a = await start();
    const [m] = await a.database.rows<{ id: string }>(sql`SELECT id FROM monuments WHERE validated ORDER BY id LIMIT 1`);
    const url = pathOf(routes.reportMonument.path, { monumentId: m!.id });
    const made = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.createProposal.path, { monumentId: m!.id }),
      headers: { ...json, ...browser(a.app, 'proposer') },
      payload: { name: 'Eine Tafel dazu' },
    });
    expect(made.statusCode).toBe(201);
    const itsProposals = async () => (await a.publicList()).filter((p) => p.monumentId === m!.id).length;
    const before = await itsProposals();
    expect(before).toBeGreaterThan(0);
    for (let k = 0; k < 3; k++)
      expect((await report(a, url, k, `2001:db8:99:${(k * 256).toString(16)}::1`)).statusCode).toBe(201);
    const [row] = await a.database.rows<{ moderation: string }>(sql`SELECT moderation FROM monuments WHERE id = ${m!.id}`);
    expect(row?.moderation).toBe('visible');
    // Its proposals stay public with it.
    expect(await itsProposals()).toBe(before);
    expect(await a.count('reports', sql`item_id = ${m!.id} AND resolved_at IS NULL`)).toBe(3);
  });

  it('three reports from three /24s hide neither a proposal whose mayor’s mail went out nor one with an answer', async () => {
    const a = await start({ THRESHOLD_MIN_NETWORKS: '1' });
    const sent = await a.proposal('Schon beim Bürgermeister');
    for (let k = 0; k < 10; k++) await a.vote(sent, `198.51.${k}.10`);
    await a.drain();
    expect(await a.mayorMails()).toHaveLength(1);
    const answered = await a.proposal('Schon beantwortet');
    expect((await a.answer(answered, 'in_review')).statusCode).toBe(200);
    for (const id of [sent, answered]) {
      const url = pathOf(routes.reportProposal.path, { proposalId: id });
      for (let k = 0; k < 3; k++) expect((await report(a, url, k, `203.0.${k}.9`)).statusCode).toBe(201);
    }
    const ids = (await a.publicList()).map((p) => p.id);
    expect(ids).toContain(sent);
    expect(ids).toContain(answered);
    // The mailed one still waits for the city's answer in public.
    const awaiting = AwaitingAnswerList.parse(JSON.parse((await a.app.inject({ url: routes.awaitingAnswer.path })).body));
    expect(awaiting.map((p) => p.id)).toContain(sent);
    // An ordinary proposal still goes at three.
    const plain = await a.proposal('Gewöhnlich');
    const url = pathOf(routes.reportProposal.path, { proposalId: plain });
    for (let k = 0; k < 3; k++) await report(a, url, k, `203.0.${k}.9`);
    expect((await a.publicList()).map((p) => p.id)).not.toContain(plain);
  });
});

describe(`subjects and staff mails on ${DB_KIND}`, () => {
  it('the mayor’s and the alert’s subjects carry no visitor’s words', async () => {
    const a = await start({ THRESHOLD_MIN_NETWORKS: '1' });
    const name = 'DRINGEND: Passwort jetzt bestätigen auf stadt-linz-login.example';
    await a.database.rows(sql`UPDATE monuments SET name = 'Ihr Postfach wird heute gesperrt' WHERE id = ${a.monumentId}`);
    const id = await a.proposal('Ein Brunnen');
    await a.database.rows(sql`UPDATE proposals SET name = ${name} WHERE id = ${id}`);
    for (let k = 0; k < 10; k++) await a.vote(id, `198.51.${k}.10`);
    // A burst from one network on another proposal raises a staff alert.
    const other = await a.proposal('Noch ein Brunnen');
    await a.database.rows(sql`UPDATE proposals SET name = ${name} WHERE id = ${other}`);
    for (let k = 0; k < 9; k++) await a.vote(other, `198.51.200.${k + 1}`);
    await a.drain();
    const mails = await received(a.smtp!);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) {
      expect(m.subject).not.toMatch(/Passwort|Postfach|stadt-linz-login/);
    }
    expect(mails.map((m) => m.subject)).toContain(`${PRODUCT_NAME}: Vorschlag Nr. ${id} hat 10 Unterstützungen`);
  });

  it('thirty feedback posts: at most 3 mails per household and 20 in all; the Reply-To is marked unverified; no typed words in subjects', async () => {
    const a = await start({}, { limits: { createsPer5Minutes: 10 } });
    const post = (from: string) =>
      a.inject('POST', routes.accessibilityFeedback.path, from, undefined, {
        message: 'WICHTIG: Passwort läuft ab, jetzt erneuern',
        page: 'WICHTIG: Passwort läuft ab …',
        email: 'attacker@evil.example',
      });
    // One household (/56), its /64s: 10 accepted by the write limit, 3 mailed.
    const answers = [];
    for (let k = 0; k < 12; k++) answers.push((await post(`2001:db8:5:${k}::1`)).statusCode);
    expect(answers.filter((s) => s === 202)).toHaveLength(10);
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(3);
    // Thirty other households: 17 more mails, the rest listed for staff only.
    for (let k = 0; k < 30; k++) expect((await post(`198.51.${k}.7`)).statusCode).toBe(202);
    await a.drain();
    const mails = await received(a.smtp!);
    expect(mails).toHaveLength(20);
    expect(await a.count('accessibility_feedback', sql`status = 'listed'`)).toBe(20);
    for (const m of mails) {
      expect(m.subject).not.toMatch(/WICHTIG|Passwort/);
      expect(m.replyTo?.value[0]).toEqual({ name: 'Adresse nicht bestätigt', address: 'attacker@evil.example' });
      expect(m.text).toContain('nicht bestätigt');
    }
  });
});

describe(`limits per household on ${DB_KIND}`, () => {
  it('forty proposals from forty /64s of one /56: ten accepted; from forty /56s of one /48: thirty', async () => {
    const a = await start({}, { limits: { createsPer5Minutes: 10 } });
    const create = (from: string, k: number) =>
      a.inject('POST', pathOf(routes.createProposal.path, { monumentId: a.monumentId }), from, `p-${from}`, {
        name: `Vorschlag ${k}`,
      });
    const one56 = [];
    for (let k = 0; k < 40; k++) one56.push((await create(`2001:db8:56:${k}::1`, k)).statusCode);
    expect(one56.filter((s) => s === 201)).toHaveLength(10);
    expect(one56.filter((s) => s === 429)).toHaveLength(30);
    const one48 = [];
    for (let k = 0; k < 40; k++) one48.push((await create(`2001:db8:48:${(k * 256).toString(16)}::1`, k)).statusCode);
    expect(one48.filter((s) => s === 201)).toHaveLength(30);
  });

  it('three follow requests from a stranger naming her address leave her own vote confirmation its mail', async () => {
    const a = await start();
    const id = await a.proposal('Ihr Vorschlag');
    const email = 'owner@linz.example';
    for (let k = 0; k < 3; k++)
      expect((await a.follow(id, { email, lang: 'de' }, `stranger-${k}`, '203.0.113.50')).statusCode).toBe(202);
    await a.drain();
    expect((await received(a.smtp!)).filter((m) => m.envelopeTo.includes(email))).toHaveLength(3);
    expect((await a.vote(id, '198.51.77.7', 'owner')).statusCode).toBe(200);
    expect(await a.confirmFrom(id, 'owner', email, '198.51.77.7')).toBe(true);
  });
});

describe(`what a voter sees on ${DB_KIND}`, () => {
  it('a held vote confirmed by e-mail counts: its voter reads (6, 1) as a counted one’s does', async () => {
    const a = await start();
    const id = await a.proposal('Gehalten und bestätigt');
    // Five from one address count, the sixth is held (the limit per connection).
    for (let k = 0; k < 5; k++) await a.vote(id, '203.0.113.88', `same-${k}`);
    expect((await a.vote(id, '203.0.113.88', 'held-voter')).statusCode).toBe(200);
    expect(await a.count('votes', sql`proposal_id = ${id} AND status = 'held'`)).toBe(1);
    expect(await a.confirmFrom(id, 'held-voter', 'held@linz.example', '203.0.113.88')).toBe(true);
    const seen = await a.popup(id, '198.51.3.3', 'held-voter');
    expect([seen?.votes, seen?.confirmedVotes]).toEqual([6, 1]);
    // It counts for everyone now.
    expect([(await a.popup(id))?.votes, (await a.popup(id))?.confirmedVotes]).toEqual([6, 1]);
  });

  for (const status of ['declined', 'done'] as const) {
    it(`a ${status} proposal takes no more votes (409), and no mayor's mail goes`, async () => {
      const a = await start({ THRESHOLD_MIN_NETWORKS: '1' });
      const id = await a.proposal(`Entschieden: ${status}`);
      for (let k = 0; k < 9; k++) await a.vote(id, `198.51.${k}.10`);
      expect((await a.answer(id, status)).statusCode).toBe(200);
      const res = await a.vote(id, '198.51.99.10');
      expect(res.statusCode, res.body).toBe(409);
      expect(JSON.parse(res.body).message).toMatch(/ended/);
      expect((await a.popup(id))?.votes).toBe(9);
      await a.drain();
      expect(await a.mayorMails()).toHaveLength(0);
    });
  }
});

describe(`names on ${DB_KIND}`, () => {
  it('a name of invisible letters is refused (400); one that poses as the city or names a web address waits for staff', async () => {
    const a = await start();
    const create = (name: string) =>
      a.inject('POST', pathOf(routes.createProposal.path, { monumentId: a.monumentId }), '198.51.1.1', 'namer', { name });
    for (const name of ['\u3164\u3164\u3164', '\u2800\u2800', '\u115F\u1160', '\u200F\u200F', '\u061C', 'ㅤ \u2800 \u200F']) {
      const res = await create(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatch(/visible letter/);
    }
    for (const name of [
      'Amtliche Mitteilung der Stadt Linz: Denkmal wird am 1.1. entfernt – www.linz-amt.example',
      'Mehr auf linz-amt.at',
      'Info der Stadt Linz',
    ]) {
      const res = await create(name);
      expect(res.statusCode, name).toBe(201);
      const { id, underReview } = JSON.parse(res.body) as { id: number; underReview: boolean };
      expect(underReview, name).toBe(true);
      const [row] = await a.database.rows<{ moderation: string }>(sql`SELECT moderation FROM proposals WHERE id = ${id}`);
      expect(row?.moderation, name).toBe('held');
    }
    expect((await create('Johanna Dohnal')).statusCode).toBe(201);
    expect((await a.publicList()).map((p) => p.name)).toEqual(expect.arrayContaining(['Johanna Dohnal']));
    expect((await a.publicList()).some((p) => /Stadt Linz|linz-amt/.test(p.name))).toBe(false);
  });
});
