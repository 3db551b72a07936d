import { afterEach, describe, expect, it, vi } from 'vitest';
import { retriedImport } from './retriedImport';

afterEach(() => vi.useRealTimers());

describe('retriedImport', () => {
  it('asks again after a failure, waiting a little longer each time, and gives the module', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const importer = () => (++calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve('module'));
    const result = retriedImport(importer);
    await vi.advanceTimersByTimeAsync(149);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toBe('module');
    expect(calls).toBe(3);
  });

  it('gives up after six tries with the last failure', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const result = retriedImport(() => Promise.reject(new Error(`failure ${++calls}`)));
    const settled = expect(result).rejects.toThrow('failure 6');
    await vi.runAllTimersAsync();
    await settled;
    expect(calls).toBe(6);
  });
});
