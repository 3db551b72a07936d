// The offline queue (queue.ts) over an in-memory IndexedDB: a monument made offline is sent once
// with the key made when the visitor acted, its proposal follows in the same flush, a duplicate is
// kept with the monument that exists, and a failed send keeps the entry for the next try.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Sent = { name: string; options: { params?: unknown; body?: unknown; idempotencyKey?: string } };
const sent: Sent[] = [];
let answer: (name: string) => { status: number; json?: unknown } | 'network';

// The API's one call (api/client.ts), answering as the server would: a refusal is the error
// reader's ApiError, made from the answer's status and body as the client makes it.
vi.mock('../api/client', () => ({
  call: async (name: string, options: Sent['options']) => {
    // The reader of the module registry the queue was imported from (the tests reset it).
    const { ApiError, errorOfAnswer, succeeded } = await import('../api/errors');
    sent.push({ name, options });
    const a = answer(name);
    if (a === 'network') throw new ApiError('NETWORK');
    if (!succeeded(a.status)) throw errorOfAnswer(a.status, a.json);
    return a.json;
  },
}));

let queue: typeof import('./queue');
beforeEach(async () => {
  sent.length = 0;
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  queue = await import('./queue');
});

const entries = () => {
  let now: import('./queue').QueueEntry[] = [];
  queue.subscribe((e) => (now = e))();
  return now;
};
const monument = { kind: 'monument', id: 'mon-user-1', name: 'Bank', geoLocX: 48.3, geoLocY: 14.29, label: 'Bank' } as const;

describe('the offline queue', () => {
  it('sends a monument once with its key, and its proposal in the same flush', async () => {
    answer = (name) => (name === 'addMonument' ? { status: 201, json: { id: 'mon-kept' } } : { status: 201, json: {} });
    await queue.enqueue({ ...monument, interventionTitle: ' Ein Schattenplatz ' }, 'key-1');
    expect(await queue.flush()).toBe(2);
    expect(sent.map((s) => s.name)).toEqual(['addMonument', 'createProposal']);
    expect(sent[0]?.options).toMatchObject({ idempotencyKey: 'key-1', body: { id: 'mon-user-1', name: 'Bank' } });
    expect(sent[1]?.options).toMatchObject({ params: { monumentId: 'mon-kept' }, body: { name: 'Ein Schattenplatz' } });
    expect(sent[1]?.options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries().map((e) => e.outcome)).toEqual([
      { type: 'added', monumentId: 'mon-kept' },
      { type: 'added', monumentId: 'mon-kept' },
    ]);
    // Answered entries are never sent again.
    expect(await queue.flush()).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('keeps a duplicate with the monument that exists, and sends no proposal for it', async () => {
    answer = () => ({ status: 409, json: { code: 'DUPLICATE', message: 'exists', existingId: 'mon-there' } });
    await queue.enqueue({ ...monument, interventionTitle: 'Ein Schattenplatz' }, 'key-2');
    expect(await queue.flush()).toBe(1);
    expect(sent.map((s) => s.name)).toEqual(['addMonument']);
    expect(entries().map((e) => e.outcome)).toEqual([{ type: 'duplicate', existingId: 'mon-there' }]);
  });

  it('keeps an entry whose send failed or got a 5xx, and sends it again with the same key', async () => {
    await queue.enqueue({ ...monument, interventionTitle: '' }, 'key-3');
    answer = () => 'network';
    expect(await queue.flush()).toBe(0);
    answer = () => ({ status: 503 });
    expect(await queue.flush()).toBe(0);
    expect(entries()[0]?.outcome).toBeUndefined();
    answer = () => ({ status: 201, json: { id: 'mon-user-1' } });
    expect(await queue.flush()).toBe(1);
    expect(sent.map((s) => s.options.idempotencyKey)).toEqual(['key-3', 'key-3', 'key-3']);
    expect(entries().map((e) => e.outcome)).toEqual([{ type: 'added', monumentId: 'mon-user-1' }]);
  });

  it('creates no database in a browser that never queued anything, and reads one kept from an earlier visit', async () => {
    answer = () => ({ status: 201, json: { id: 'mon-user-1' } });
    queue.subscribe(() => {})();
    expect(await queue.flush()).toBe(0);
    expect(await indexedDB.databases()).toEqual([]);

    answer = () => 'network';
    await queue.enqueue({ ...monument, interventionTitle: '' }, 'key-4');
    // The next visit: a new page with the same browser's storage.
    vi.resetModules();
    queue = await import('./queue');
    const seen = new Promise<string[]>((resolve) => {
      const stop = queue.subscribe((e) => e.length > 0 && (stop(), resolve(e.map((x) => x.key))));
    });
    expect(await seen).toEqual(['key-4']);
    answer = () => ({ status: 201, json: { id: 'mon-user-1' } });
    expect(await queue.flush()).toBe(1);
  });
});
