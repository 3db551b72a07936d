// What one client may hold of the server, whatever it sends: a body arrives within its deadline
// (a photo upload's is longer) or the request is answered 408; an answer to a request whose body has
// not all arrived closes the connection (a slow body keeps no socket); one address holds at most so
// many sockets (beyond them a new one is answered 503 and closed at once), and one client (req.ip, as
// TRUST_PROXY allows) so many requests at once (429). Together with the request deadline
// (pressure.ts) and the per-address request limit (security.ts), no client holds sockets, memory or
// the event loop for long.
import type { Socket } from 'node:net';
import { isPhotoUploadPath } from '@linz/contract/facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { connectionOf } from '../domain/identity.js';
import { refuse } from './errors.js';
import { RETRY_AFTER_SECONDS } from './pressure.js';

const BUSY_ANSWER =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Retry-After: ${RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: `;
const BUSY_BODY = JSON.stringify({ message: 'Too many connections from your address.', code: 'UNAVAILABLE' });

/** A request that announces a body (a length above 0, or chunks). */
const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Whether the request's body has not all arrived yet (false for app.inject's requests, which have no socket). */
const bodyPending = (req: FastifyRequest) => req.raw.complete === false && hasBody(req);

export function connectionGuards(app: FastifyInstance, config: Config): void {
  const { bodyDeadlineMs, uploadBodyDeadlineMs, connectionsPerAddress, requestsInFlightPerClient } = config.pressure;

  // Sockets per address, counted as they open and close.
  const sockets = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const open = (sockets.get(address) ?? 0) + 1;
    if (connectionsPerAddress > 0 && open > connectionsPerAddress) {
      socket.end(`${BUSY_ANSWER}${Buffer.byteLength(BUSY_BODY)}\r\n\r\n${BUSY_BODY}`);
      socket.destroySoon();
      return;
    }
    sockets.set(address, open);
    socket.once('close', () => {
      const left = (sockets.get(address) ?? 1) - 1;
      if (left > 0) sockets.set(address, left);
      else sockets.delete(address);
    });
  });

  const inFlight = new Map<string, number>();
  const counted = new WeakMap<FastifyRequest, string>();
  const leave = (req: FastifyRequest) => {
    const client = counted.get(req);
    if (client === undefined) return;
    counted.delete(req);
    const left = (inFlight.get(client) ?? 1) - 1;
    if (left > 0) inFlight.set(client, left);
    else inFlight.delete(client);
  };
  app.addHook('onRequest', (req, reply, done) => {
    const client = connectionOf(req.ip);
    const now = (inFlight.get(client) ?? 0) + 1;
    inFlight.set(client, now);
    counted.set(req, client);
    // Answered, or the client went away before the answer.
    reply.raw.once('close', () => leave(req));
    if (requestsInFlightPerClient > 0 && now > requestsInFlightPerClient) {
      reply.header('retry-after', '1');
      return void refuse(reply, 'TOO_MANY_REQUESTS', 'Too many requests at once from your address.');
    }
    if (!bodyPending(req)) return done();
    const path = req.url.split('?')[0] ?? '';
    const timer = setTimeout(
      () => {
        if (!bodyPending(req)) return;
        req.log.warn({ bodyDeadlineMs }, 'request body deadline passed');
        if (!reply.sent) void refuse(reply, 'REQUEST_TIMEOUT', 'The request body did not arrive in time.');
        else req.raw.socket.destroy();
      },
      isPhotoUploadPath(path) ? uploadBodyDeadlineMs : bodyDeadlineMs,
    );
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });

  // Answered before the body came (a deadline, a refusal): the connection closes, so the rest of a
  // slow body holds nothing.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (bodyPending(req)) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    leave(req);
    if (bodyPending(req)) req.raw.socket.destroy();
    done();
  });
}
