// Configuration errors are caught at start, with a message that names the variable.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('TRUST_PROXY', () => {
  it('refuses a blanket true', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/Invalid configuration[\s\S]*TRUST_PROXY/);
  });

  it('takes a hop count or proxy addresses', () => {
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toBe('10.0.0.0/8, 192.0.2.1');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
