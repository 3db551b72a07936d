// 1,000 confirmed followers of one proposal and a status change, on both databases:
// every follower gets exactly one mail (counted by a real SMTP peer), reads keep answering meanwhile
// (over real HTTP), and the outbox keeps to mailPerMinute.
import { pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigOptions } from '../../src/config.js';
import { followApp, type FollowApp } from '../support/follow-helpers.js';
import { DB_KIND } from '../support/harness.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(config: ConfigOptions): Promise<FollowApp> {
  const a = await followApp({}, { config });
  cleanups.push(() => a.close());
  return a;
}

/** `n` confirmed followers of a proposal, written directly (the opt-in itself is tested in follow.test.ts). */
async function followers(a: FollowApp, proposalId: number, n: number) {
  await a.database.rows(sql`
    INSERT INTO follows (proposal_id, email, email_hash, lang, status, token_seed, unsubscribe_token_hash, confirmed_at)
    SELECT ${proposalId}, 'f' || g || '@example.org', 'hash-' || g, CASE WHEN g % 2 = 0 THEN 'de' ELSE 'en' END,
           'confirmed', 'seed-' || g, 'unsub-' || g, now()
    FROM generate_series(1, ${n}) g`);
}

describe(`follower mails under load on ${DB_KIND}`, () => {
  it('1,000 followers and a status change: exactly one mail each, and reads answer meanwhile', async () => {
    const a = await app({ mailPerMinute: 100_000 });
    const id = await a.proposal('Ein Brunnen für alle');
    await followers(a, id, 1000);
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const urls = [
      routes.allProposals.path,
      routes.listMonuments.path,
      pathOf(routes.monumentProposals.path, { monumentId: a.monumentId }),
    ];
    for (const url of urls) expect((await fetch(`${base}${url}`)).status).toBe(200); // the caches are built once
    const answered = await a.answer(id, 'planned', 'Geplant.', 'Planned.');
    expect(answered.statusCode).toBe(200);
    expect(await a.count('follow_mails', sql`kind = 'status'`)).toBe(1000);
    // Reads over real HTTP while the outbox sends (the answer woke it).
    const statuses: number[] = [];
    let sending = true;
    const reader = (async () => {
      for (let i = 0; sending; i++) {
        const res = await fetch(`${base}${urls[i % urls.length]}`);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    })();
    while (a.smtp!.messages.length < 1000 && (await a.mailer.runOnce()) > 0);
    sending = false;
    await reader;
    await a.drain();
    const to = a.smtp!.messages.map((m) => m.envelopeTo[0]);
    expect(to).toHaveLength(1000);
    expect(new Set(to).size).toBe(1000);
    expect(await a.count('follow_mails', sql`status = 'sent'`)).toBe(1000);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 300_000);

  it('mailPerMinute: 25 follower mails at 10 a minute go out 10, 10 and 5, a minute apart', async () => {
    const a = await app({ mailPerMinute: 10 });
    const id = await a.proposal();
    await followers(a, id, 25);
    await a.answer(id, 'in_review');
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(10);
    a.clock.advance(30_000);
    expect(await a.mailer.runOnce()).toBe(0);
    expect(a.smtp!.messages).toHaveLength(10);
    a.clock.advance(31_000);
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(20);
    a.clock.advance(61_000);
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(25);
    expect(new Set(a.smtp!.messages.map((m) => m.envelopeTo[0])).size).toBe(25);
  });
});
