// One log line per request at `info` (logging.ts, logRequests): method, path without its query,
// status, time and request id; none at `warn`.
import { routes } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/logging.js';
import { testApp } from '../support/harness.js';

type Line = Record<string, unknown>;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function logged(level: string) {
  const lines: Line[] = [];
  const t = await testApp({}, { logger: loggerOptions(level, { write: (l: string) => lines.push(JSON.parse(l) as Line) }) });
  close = t.close;
  return { app: t.app, lines };
}

describe('the request log', () => {
  it('writes one line per request at info: method, path without its query, status, time, request id', async () => {
    const { app, lines } = await logged('info');
    await app.ready();
    lines.length = 0;
    const ok = await app.inject({ url: `${routes.clientConfig.path}?token=secret-follow-token&x=1` });
    expect(ok.statusCode).toBe(200);
    const missing = await app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        msg: 'request',
        method: 'GET',
        path: routes.clientConfig.path,
        status: 200,
        ms: expect.any(Number),
      },
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        msg: 'request',
        method: 'GET',
        path: '/api/no-such-thing',
        status: 404,
        ms: expect.any(Number),
      },
    ]);
    expect(requests[0]!.reqId).not.toBe(requests[1]!.reqId);
    // Nothing else about these requests: no second line per request, and no query.
    expect(lines.filter((l) => l.reqId !== undefined)).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('secret-follow-token');
  });

  it('writes none at warn', async () => {
    const { app, lines } = await logged('warn');
    await app.ready();
    lines.length = 0;
    expect((await app.inject({ url: routes.clientConfig.path })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
