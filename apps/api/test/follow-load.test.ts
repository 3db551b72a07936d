// 1,000 confirmed followers of one proposal and a status change (issue 17), on both databases:
// every follower gets exactly one mail (counted by a real SMTP peer), reads keep answering under
// a second meanwhile (measured over real HTTP), and the outbox keeps to MAIL_PER_MINUTE.
import { pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { followApp, type FollowApp } from './follow-helpers.js';
import { DB_KIND } from './harness.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(env: Record<string, string>): Promise<FollowApp> {
  const a = await followApp(env);
  cleanups.push(() => a.close());
  return a;
}

/** `n` confirmed followers of a proposal, written directly (the opt-in itself is tested in follow.test.ts). */
async function followers(a: FollowApp, interventionId: number, n: number) {
  await a.database.rows(sql`
    INSERT INTO follows (intervention_id, email, email_hash, lang, status, token_seed, unsubscribe_token_hash, confirmed_at)
    SELECT ${interventionId}, 'f' || g || '@example.org', 'hash-' || g, CASE WHEN g % 2 = 0 THEN 'de' ELSE 'en' END,
           'confirmed', 'seed-' || g, 'unsub-' || g, now()
    FROM generate_series(1, ${n}) g`);
}

describe(`follower mails under load on ${DB_KIND}`, () => {
  it('1,000 followers and a status change: exactly one mail each, and no read takes a second meanwhile', async () => {
    const a = await app({ MAIL_PER_MINUTE: '100000' });
    const id = await a.proposal('Ein Brunnen für alle');
    await followers(a, id, 1000);
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const urls = [
      routes.allInterventions.path,
      routes.listMonuments.path,
      pathOf(routes.monumentInterventions.path, { monumentId: a.monumentId }),
    ];
    for (const url of urls) expect((await fetch(`${base}${url}`)).status).toBe(200); // the caches are built once
    const answered = await a.answer(id, 'planned', 'Geplant.', 'Planned.');
    expect(answered.statusCode).toBe(200);
    expect(await a.count('follow_mails', sql`kind = 'status'`)).toBe(1000);
    // Reads over real HTTP while the outbox sends (the answer woke it).
    const latencies: number[] = [];
    let sending = true;
    const reader = (async () => {
      for (let i = 0; sending; i++) {
        const started = performance.now();
        const res = await fetch(`${base}${urls[i % urls.length]}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
    })();
    const started = performance.now();
    const deadline = Date.now() + 240_000;
    while (a.smtp!.messages.length < 1000 && Date.now() < deadline) await a.mailer.runOnce();
    const seconds = (performance.now() - started) / 1000;
    sending = false;
    await reader;
    await a.drain();
    const to = a.smtp!.messages.map((m) => m.envelopeTo[0]);
    expect(to).toHaveLength(1000);
    expect(new Set(to).size).toBe(1000);
    expect(await a.count('follow_mails', sql`status = 'sent'`)).toBe(1000);
    const max = Math.max(...latencies);
    const sorted = [...latencies].sort((x, y) => x - y);
    console.log(
      `${DB_KIND}: 1000 follower mails in ${seconds.toFixed(1)} s; ${latencies.length} reads meanwhile, ` +
        `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    expect(latencies.length).toBeGreaterThan(10);
    expect(max).toBeLessThan(1000);
  }, 300_000);

  it('MAIL_PER_MINUTE: 25 follower mails at 10 a minute go out 10, 10 and 5, a minute apart', async () => {
    const a = await app({ MAIL_PER_MINUTE: '10' });
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
