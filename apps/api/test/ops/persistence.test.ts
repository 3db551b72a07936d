// Data and vote uniqueness survive a restart on the same DATA_DIR (PGlite) or database (PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProposalList } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DB_KIND, freshDatabase, json, PLACED_SEED, testConfig } from '../support/harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe(`restart on ${DB_KIND}`, () => {
  it('keeps monuments, proposals, counts and who voted', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-restart-'));
    dirs.push(dataDir);
    // No COOKIE_SECRET: the generated one must be kept in the database.
    const env: Record<string, string> = { DATA_DIR: dataDir, COOKIE_SECRET: '' };
    if (DB_KIND === 'postgres') {
      const { database, url } = await freshDatabase();
      await database.close();
      env.DATABASE_URL = url ?? '';
    }
    const config = { ...testConfig(env), cookieSecret: undefined };
    const first = await buildApp(config);
    const created = await first.inject({
      method: 'POST',
      url: '/api/interventions/mon-dreifaltigkeitssaeule',
      headers: json,
      payload: { name: 'Bleibt' },
    });
    const { id } = JSON.parse(created.body) as { id: number };
    const voted = await first.inject({
      method: 'POST',
      url: `/api/interventions/${id}/vote`,
      headers: json,
      payload: { monumentId: 'mon-dreifaltigkeitssaeule', action: 'vote' },
    });
    expect(voted.statusCode).toBe(200);
    const cookie = String(voted.headers['set-cookie']).split(';')[0] ?? '';
    const added = await first.inject({
      method: 'POST',
      url: '/api/add-monument',
      headers: json,
      payload: { name: 'Neu', geoLocX: 48.3, geoLocY: 14.3 },
    });
    expect(added.statusCode).toBe(201);
    await first.close();

    const second = await buildApp(config);
    try {
      const list = ProposalList.parse(JSON.parse((await second.inject({ url: '/api/interventions/all' })).body));
      expect(list).toMatchObject([{ id, name: 'Bleibt', votes: 1 }]);
      expect(JSON.parse((await second.inject({ url: '/api/monuments' })).body)).toHaveLength(PLACED_SEED + 1);
      const again = await second.inject({
        method: 'POST',
        url: `/api/interventions/${id}/vote`,
        headers: { ...json, cookie },
        payload: { monumentId: 'mon-dreifaltigkeitssaeule', action: 'vote' },
      });
      expect(again.statusCode).toBe(403);
    } finally {
      await second.close();
    }
  });
});
