// /readyz against a real PostgreSQL server that is stopped (`pg_ctl -m immediate`) and started
// again: 503 after the stop, every answer meanwhile 503 (none waits for the database),
// /healthz 200 all along, and 200 again after the restart. PostgreSQL project only: embedded PGlite
// cannot be stopped from outside. SHOW_TIMINGS=1 prints the measured times (CI asserts no times).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { testConfig } from '../support/harness.js';
import { startPostgres, type PgServer } from '@linz/test-peers/postgres';

type Probe = { at: number; ms: number; status: number; body: string };

describe('/readyz while PostgreSQL stops and starts (PostgreSQL project only)', () => {
  let server: PgServer;
  let database: Database;

  beforeAll(async () => {
    server = await startPostgres();
    database = await openDatabase({ databaseUrl: server.url('postgres'), poolSize: 10 });
    await seedCity(database, linzCity());
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
    server?.destroy();
  });

  it('503 after the stop, 200 after the restart; /healthz 200 throughout', async () => {
    const app = await buildApp(testConfig(), { database });
    try {
      const t0 = Date.now();
      const probe = async (url: string): Promise<Probe> => {
        const start = Date.now();
        const res = await app.inject(url);
        return { at: start - t0, ms: Date.now() - start, status: res.statusCode, body: res.body };
      };
      expect((await probe('/readyz')).status).toBe(200);

      const stoppedAt = Date.now() - t0;
      server.stop('immediate');
      // Probes one after another, as a balancer does (its interval would be seconds; closer here).
      const down: Probe[] = [];
      while (!down.some((p) => p.status === 503) && Date.now() - t0 - stoppedAt < 10_000) down.push(await probe('/readyz'));
      const firstDown = down.find((p) => p.status === 503);
      // The outage goes on for 20 more probes, each timed, with /healthz between them.
      const health: Probe[] = [];
      for (let i = 0; i < 20; i++) {
        down.push(await probe('/readyz'));
        health.push(await probe('/healthz'));
      }

      const startedAt = Date.now() - t0;
      server.start(); // returns once the server accepts connections (pg_ctl -w)
      const up: Probe[] = [];
      while (!up.some((p) => p.status === 200) && Date.now() - t0 - startedAt < 15_000) up.push(await probe('/readyz'));
      const firstUp = up.find((p) => p.status === 200);

      const downAfter = firstDown ? firstDown.at + firstDown.ms - stoppedAt : Infinity;
      const upAfter = firstUp ? firstUp.at + firstUp.ms - startedAt : Infinity;
      if (process.env.SHOW_TIMINGS) {
        console.info(
          `readyz: first 503 ${downAfter} ms after the stop; answers while down: max ${Math.max(...down.map((p) => p.ms))} ms over ${down.length};`,
          `first 200 ${upAfter} ms after the restart;`,
          `healthz while down: max ${Math.max(...health.map((p) => p.ms))} ms`,
        );
      }
      expect(firstDown, 'a 503 after the stop').toBeDefined();
      expect(JSON.parse(firstDown?.body ?? '{}')).toEqual({ status: 'not ready', reason: expect.stringMatching(/database/) });
      const whileDown = down.slice(down.indexOf(firstDown as Probe));
      expect(whileDown.map((p) => p.status)).toEqual(whileDown.map(() => 503));
      expect(health.map((p) => p.status)).toEqual(health.map(() => 200));
      expect(firstUp, 'a 200 after the restart').toBeDefined();
      expect(JSON.parse(firstUp?.body ?? '{}')).toEqual({ status: 'ready' });
    } finally {
      await app.close();
    }
  }, 90_000);
});
