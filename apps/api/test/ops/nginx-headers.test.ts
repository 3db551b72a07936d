// nginx in front (deploy/nginx/denkmal.conf) passes each client's own address on to the API on every
// route, the cached ones too (tiles, whole lists, exports, feeds): an nginx location that sets a
// request header of its own inherits none of the server's, and without X-Forwarded-For there every
// visitor's filtered tiles counted against nginx's one address, a single limit for the whole city
// (found by the busy bench through nginx: readers answered 429 on filtered tiles).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../support/cluster.js';
import { freshDataDir, withTestOptions } from '../support/harness.js';
import { startServer, type TestServer } from '../support/server.js';

const LIMIT = 5;

/** A GET from a loopback address of the client's own (Linux answers all of 127.0.0.0/8); its status. */
const getFrom = (localAddress: string, url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { localAddress }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });

describe('nginx in front of the API', () => {
  let server: TestServer | undefined;
  let nginx: Nginx | undefined;
  let remove = () => {};

  beforeAll(async () => {
    const dir = await freshDataDir('nginx-headers');
    remove = dir.remove;
    server = await startServer({
      env: { ...dir.env, TRUST_PROXY: '1' },
      options: withTestOptions({ limits: { requestsPerMinute: LIMIT } }),
    });
    nginx = await startNginx({ upstreamPorts: [server.port] });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([nginx?.stop(), server?.stop()]);
    remove();
  });

  it('counts each visitor’s filtered tiles against the visitor’s own address, not nginx’s', async () => {
    const tile = (x: number) => `${nginx!.url}/api/map/14/${8840 + x}/5673.json?category=statue`;
    const statuses: number[] = [];
    // Each a tile of its own: none is answered from nginx's cache, each reaches the API and counts.
    for (let x = 0; x <= LIMIT; x++) statuses.push(await getFrom('127.77.0.1', tile(x)));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    // Another visitor has a limit of its own.
    expect(await getFrom('127.77.0.2', tile(LIMIT + 1))).toBe(200);
  });
});
