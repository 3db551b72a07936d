// Who may have held votes (domain/votes/held-voters.ts): never fewer than the database holds, so a
// held voter's popup is always read from it; more only until staff's decisions are read again.
import { pathOf, routes, type Monument } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeldVoters } from '../../src/domain/votes/held-voters.js';
import { browser, json, propose, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('who may have held votes', () => {
  it('names every held vote’s network and browser, reads staff’s decisions again, and waits when told of voters it cannot name', async () => {
    t = await testApp({ TRUST_PROXY: '1' }, { config: { limits: { votesPerIpPerProposal: 1 } } });
    const { app, database } = t;
    const monument = (await app.services.lists.monuments.get()).data[2] as Monument;
    const proposal = await propose(app, 'Ein Denkmal für Käthe Leichter', monument.id);
    for (const voter of ['counted', 'held'])
      await app.inject({
        method: 'POST',
        url: pathOf(routes.castVote.path, { proposalId: proposal.id }),
        headers: { ...json, ...browser(app, voter), 'x-forwarded-for': '198.51.100.7' },
        payload: { monumentId: monument.id, action: 'vote' },
      });
    const [held] = await database.rows<{ net_hash: string; voter_hash: string }>(
      sql`SELECT net_hash, voter_hash FROM votes WHERE status = 'held'`,
    );
    if (!held) throw new Error('no held vote');
    const h = createHeldVoters(database);
    expect(await h.mayHave(held.net_hash, null)).toBe(true);
    expect(await h.mayHave('another network', held.voter_hash)).toBe(true);
    expect(await h.mayHave('another network', 'another browser')).toBe(false);

    // Staff count it: until that is read again, the network may still have held votes.
    await database.rows(sql`UPDATE votes SET status = 'counted' WHERE status = 'held'`);
    expect(await h.mayHave(held.net_hash, null)).toBe(true);
    h.reread();
    await expect.poll(() => h.mayHave(held.net_hash, null)).toBe(false);

    // Held again, and only told so without names: nothing is answered before it is read.
    await database.rows(sql`UPDATE votes SET status = 'held' WHERE voter_hash = ${held.voter_hash}`);
    expect(await h.mayHave(held.net_hash, null)).toBe(false);
    h.forget();
    expect(await h.mayHave(held.net_hash, null)).toBe(true);

    // A held vote named by a notification counts at once; past the bound, everyone may.
    h.add([['a third network', 'a third browser']]);
    expect(await h.mayHave('a third network', null)).toBe(true);
    expect(await createHeldVoters(database, 1).mayHave('another network', null)).toBe(true);
  });
});
