// /api/openapi.json passes Redocly CLI's `recommended` rules with no errors: the real linter, run
// on the document the server answers (the document does not depend on the database, so this runs
// once, in the PGlite project). Offline: no telemetry, no update check.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { routes } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { DB_KIND, testApp } from '../support/harness.js';

const run = promisify(execFile);
const REDOCLY = path.join(import.meta.dirname, '../..', 'node_modules', '.bin', 'redocly');

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

describe.runIf(DB_KIND === 'pglite')('the OpenAPI document under Redocly CLI', () => {
  it('passes `redocly lint --extends recommended` with no errors', { timeout: 180_000 }, async () => {
    const t = await testApp({ PUBLIC_URL: 'https://denkmal.linz.example' });
    let body: string;
    try {
      body = (await t.app.inject({ url: routes.openapi.path })).body;
    } finally {
      await t.close();
    }
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'linz-openapi-')), 'openapi.json');
    writeFileSync(file, body);
    // redocly exits 1 when it finds errors: read its JSON report either way.
    const out = await run(REDOCLY, ['lint', '--extends', 'recommended', '--format', 'json', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 120_000,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(out.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The document was really read: the linter saw the public operations' `security: []` and the servers.
    expect(JSON.parse(body)).toMatchObject({ servers: [{ url: 'https://denkmal.linz.example' }] });
  });
});
