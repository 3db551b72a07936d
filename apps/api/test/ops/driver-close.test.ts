// A pooled connection whose socket is reset (a server killed under load, a restart) must answer
// again at once after it reconnects. postgres.js 3.4.9 had two faults there, both mended by
// patches/postgres@3.4.9.patch; fault.test.ts saw them as every request stalling for 25-35 s after
// a database restart, in lockstep, one connect timeout after another.
// - The socket's error and its close come a turn of the event loop apart. A query sent in between
//   was neither answered nor refused: its caller waited for ever.
// - Small writes are sent a tick later (setImmediate). When the socket closed with such a write
//   waiting, the send was cancelled but the timer's handle kept, so no later write on the
//   connection was sent, not even the next startup message: each query on it waited out the
//   connect timeout and failed, again and again (until the unsent bytes passed 1 KiB).
// - When the server ended a connection with an error (an administrator's stop or kill, 57P01) while
//   a query was under way, that error was kept and given to the next connection's first query.
// Runs in the PostgreSQL project only (a real server, behind a loopback relay that can reset).
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PgServer } from '@linz/test-peers/postgres';

const CONNECT_TIMEOUT_S = 2;

/** A TCP relay to the server; `reset()` cuts every connection through it with a reset. */
async function relayTo(port: number) {
  const clients = new Set<Socket>();
  const relay = createServer((client) => {
    clients.add(client);
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const drop = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    url: `postgres://postgres@127.0.0.1:${(relay.address() as AddressInfo).port}/postgres`,
    reset: () => [...clients].forEach((c) => c.resetAndDestroy()),
    close: () => new Promise((r) => relay.close(r)),
  };
}

type Answer = { ms: number; answer: string };

/** One query's answer (its value or its error's code), or 'none' when there is none within 3 s. */
async function ask(sql: postgres.Sql, text: string): Promise<Answer> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const none = new Promise<string>((r) => (timer = setTimeout(() => r('none'), 3000)));
  const answer = await Promise.race([
    sql.unsafe<{ v: number }[]>(text).then(
      ([row]) => String(row?.v),
      (e: { code?: string }) => String(e.code),
    ),
    none,
  ]);
  clearTimeout(timer);
  return { ms: Date.now() - started, answer };
}

describe('a connection whose socket is reset (PostgreSQL project only)', () => {
  let server: PgServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.destroy());

  it('refuses the query sent between the error and the close, then answers the next ones at once', async () => {
    const relay = await relayTo(server.port);
    const sql = postgres(relay.url, { max: 1, connect_timeout: CONNECT_TIMEOUT_S, fetch_types: false, onnotice: () => {} });
    try {
      expect(await ask(sql, 'SELECT 1 AS v')).toMatchObject({ answer: '1' });
      relay.reset();
      // Sent before the reset is read: refused with the socket's error.
      expect((await ask(sql, 'SELECT 2 AS v')).answer).toMatch(/^(ECONNRESET|EPIPE)$/);
      // Sent after the socket's error, before its close; its write is still waiting at the close.
      // Without the patch: no answer at all ('none').
      expect((await ask(sql, 'SELECT 2 AS v')).answer).toBe('CONNECTION_CLOSED');
      // The connection reconnects and answers at once. Without the patch: CONNECT_TIMEOUT after 2 s, each time.
      const next = [await ask(sql, 'SELECT 3 AS v'), await ask(sql, 'SELECT 3 AS v'), await ask(sql, 'SELECT 3 AS v')];
      expect(next.map((a) => a.answer)).toEqual(['3', '3', '3']);
      expect(Math.max(...next.map((a) => a.ms))).toBeLessThan(1000);
    } finally {
      await sql.end({ timeout: 1 });
      await relay.close();
    }
  });

  it('gives a server’s farewell error to no later query', async () => {
    const options = { max: 1, connect_timeout: CONNECT_TIMEOUT_S, fetch_types: false, onnotice: () => {} };
    const sql = postgres(server.url(), options);
    const admin = postgres(server.url(), options);
    try {
      const [own] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await admin`SELECT pg_terminate_backend(${own!.pid})`;
      // The server has sent its error (57P01) and closed. Wait, without giving the event loop a
      // turn, until the kernel has both, then send a query: the driver reads the error while that
      // query is under way, then the close.
      const until = Date.now() + 500;
      while (Date.now() < until) {
        // busy: no turn of the event loop
      }
      // (On a machine so busy that the server had not yet ended the connection, the query is answered.)
      expect((await ask(sql, 'SELECT 2 AS v')).answer).toMatch(/^(57P01|CONNECTION_CLOSED|2)$/);
      // The next query goes to a new connection and is answered. Without the patch: 57P01 again.
      expect((await ask(sql, 'SELECT 3 AS v')).answer).toBe('3');
    } finally {
      await sql.end({ timeout: 1 });
      await admin.end({ timeout: 1 });
    }
  });
});
