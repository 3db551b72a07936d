// Every request has a bounded cost (issue 57, and issue 56's slow bodies): a long repeated query is
// searched as its few distinct words, a tRPC batch holds at most so many calls and each counts
// towards the per-address limit, a slow body is answered and its connection closed, and one address
// holds at most so many sockets. Each test fails without its cap.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { routes, SEARCH_WORDS_MAX, searchWords, MonumentPage } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAnswer, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const page = (q: string) => `${routes.monumentsPage.path}?limit=50&q=${encodeURIComponent(q)}`;

describe('a long repeated query', () => {
  it('is searched as its distinct words of two letters or more, at most SEARCH_WORDS_MAX of them', async () => {
    expect(searchWords(Array(49).fill('linz').join(' '))).toEqual(['linz']);
    expect(searchWords('a b c d e f g h i j k l m n o p q r s t u v w x y')).toEqual([]);
    expect(searchWords('Lin LINZ linz')).toEqual(['linz']);
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(SEARCH_WORDS_MAX);

    t = await testApp();
    const alone = expectAnswer(await t.app.inject({ url: page('denkmal') }), 200, MonumentPage);
    expect(alone.total).toBeGreaterThan(0);
    // 49 words within the 100 characters a query may have: the same answer as its one word.
    const repeated = expectAnswer(
      await t.app.inject({ url: page(`denkmal ${Array(46).fill('a').join(' ')}`) }),
      200,
      MonumentPage,
    );
    expect(repeated.total).toBe(alone.total);
    // Words past the cap are not searched (each would be one more scan of every text).
    const past = `denkmal ${['qqx1', 'qqx2', 'qqx3', 'qqx4', 'qqx5'].join(' ')} zz`;
    expect(searchWords(past)).toHaveLength(SEARCH_WORDS_MAX);
    expect(searchWords(past)).not.toContain('zz');
  });
});

/** A tRPC batch GET of `n` map tiles with a filter set. */
function tileBatch(n: number): string {
  const input: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) input[i] = { tile: { z: '13', x: String(4420 + i), y: '2839' }, filters: { category: 'statue' } };
  return `/trpc/${Array(n).fill('map.tile').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

describe('a tRPC batch', () => {
  it('of more calls than trpcBatchMax is refused with 400; one of that many is answered', async () => {
    t = await testApp({}, { config: { pressure: { trpcBatchMax: 10 } } });
    expect((await t.app.inject({ url: tileBatch(10) })).statusCode).toBe(200);
    const over = await t.app.inject({ url: tileBatch(11) });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('Batch call exceeds maximum size');
  });

  it('counts each call towards the per-address request limit', async () => {
    t = await testApp({}, { config: { limits: { requestsPerMinute: 15 } } });
    expect((await t.app.inject({ url: tileBatch(10) })).statusCode).toBe(200);
    // Two requests, but twenty calls: past the limit of 15.
    const second = await t.app.inject({ url: tileBatch(10) });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});

/** A raw connection to the listening app, with what it received and whether it has closed. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const state = { received: '', closed: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString()));
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  socket.on('error', () => {});
  return { socket, state, closed };
}

async function listening(app: T['app']): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('a slow body', () => {
  it('is answered when its deadline passes, and its connection is closed', async () => {
    t = await testApp({}, { config: { pressure: { requestDeadlineMs: 0, bodyDeadlineMs: 300 } } });
    const port = await listening(t.app);
    const c = await rawConnection(port);
    // Promises 16,000 bytes and sends one.
    c.socket.write(
      'POST /api/add-monument HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n\r\n{',
    );
    await c.closed;
    expect(c.state.received).toMatch(/^HTTP\/1\.1 408/);
    expect(c.state.received).toContain('REQUEST_TIMEOUT');
  });

  it('answered by the request deadline first, still loses its connection', async () => {
    t = await testApp({}, { config: { pressure: { requestDeadlineMs: 200, bodyDeadlineMs: 60_000 } } });
    const port = await listening(t.app);
    const c = await rawConnection(port);
    c.socket.write(
      'POST /api/add-monument HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n\r\n{',
    );
    await c.closed;
    expect(c.state.received).toMatch(/^HTTP\/1\.1 503/);
    expect(c.state.received.toLowerCase()).toContain('connection: close');
  });
});

describe('connections from one address', () => {
  it('beyond connectionsPerAddress are answered 503 and closed; the others keep working', async () => {
    t = await testApp({}, { config: { pressure: { connectionsPerAddress: 3 } } });
    const port = await listening(t.app);
    const held = [await rawConnection(port), await rawConnection(port), await rawConnection(port)];
    const extra = await rawConnection(port);
    await extra.closed;
    expect(extra.state.received).toMatch(/^HTTP\/1\.1 503/);
    // The first three still get answers.
    const first = held[0]!;
    first.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => first.state.received).toMatch(/^HTTP\/1\.1 200/);
    for (const c of held) c.socket.destroy();
  });
});
