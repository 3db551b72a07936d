// A marked read's catch-up (read-cache.ts createCatchUp, http/own-writes.ts): anyone can send the
// write's mark, so reads that arrive while a sync is out share the next one, whatever their number.
import { expect, it } from 'vitest';
import { CHANGE_CHANNEL, changeOf, createCatchUp, SYNC } from '../../src/domain/read-cache.js';
import { DB_KIND, freshDatabase } from '../support/harness.js';

it(`40 marked reads at once make two syncs on ${DB_KIND}: the one out when they came, and the next, which they share`, async () => {
  const { database } = await freshDatabase();
  try {
    // Heard only when the test says so (arrived): no sync times out meanwhile.
    const catchUp = createCatchUp(database, [], 60_000);
    const sent: string[] = [];
    const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => {
      const { list, ids } = changeOf(payload);
      if (list === SYNC && ids?.[0]) sent.push(ids[0]);
    });
    const first = catchUp.caughtUp();
    await expect.poll(() => sent.length).toBe(1);
    let done = 0;
    const rest = Array.from({ length: 39 }, () => catchUp.caughtUp().then(() => done++));
    catchUp.arrived(sent[0]!);
    await first;
    // The others wait for a sync sent after they came: the second, one for all of them.
    await expect.poll(() => sent.length).toBe(2);
    expect(done).toBe(0);
    catchUp.arrived(sent[1]!);
    await Promise.all(rest);
    expect(done).toBe(39);
    expect(sent).toHaveLength(2);
    await unlisten();
  } finally {
    await database.close();
  }
});
