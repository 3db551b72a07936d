// Configuration errors are caught at start, with a message that names the variable; the list of
// variables stays short (what a city sets), everything else is an option of loadConfig.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CityProfileError, CITIES_DIR, shippedCity } from '../../src/city/profile.js';
import { DEFAULTS, loadConfig, SETTINGS } from '../../src/config.js';

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

describe('the settings a city sets', () => {
  it('are at most 32 environment variables (CITY selects the city profile; LOCAL_ONLY keeps a loopback demo), read in config.ts only', () => {
    expect(SETTINGS.length).toBeLessThanOrEqual(32);
    expect(new Set(SETTINGS).size).toBe(SETTINGS.length);
    // Nothing else in src/ reads the environment (tests and benches pass loadConfig options).
    const readers = readdirSync(path.join(import.meta.dirname, '../../src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && f !== 'config.ts')
      .filter((f) => /process\.env\b/.test(readFileSync(path.join(import.meta.dirname, '../../src', f), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('timing knobs and limits are options of loadConfig with the defaults as constants, not variables', () => {
    const env = { MAIL_POLL_SECONDS: '1', IDEMPOTENCY_WAIT_MS: '0', LIMIT_REQUESTS_PER_MINUTE: '0', STATS_FRESH_WAIT_MS: '0' };
    for (const name of Object.keys(env)) expect(SETTINGS).not.toContain(name);
    const plain = loadConfig(env);
    expect(plain).toMatchObject({ mailPollSeconds: DEFAULTS.mailPollSeconds, idempotencyWaitMs: DEFAULTS.idempotencyWaitMs });
    expect(plain.limits).toEqual(DEFAULTS.limits);
    const tuned = loadConfig({}, { mailPollSeconds: 1, limits: { requestsPerMinute: 0 }, pressure: { requestDeadlineMs: 0 } });
    expect(tuned).toMatchObject({ mailPollSeconds: 1, statsFreshWaitMs: DEFAULTS.statsFreshWaitMs });
    // A group given in part keeps the other defaults.
    expect(tuned.limits).toEqual({ ...DEFAULTS.limits, requestsPerMinute: 0 });
    expect(tuned.pressure).toEqual({ ...DEFAULTS.pressure, requestDeadlineMs: 0 });
  });
});

describe('CITY not set', () => {
  it('runs the one profile shipped (its name is not written in the code)', () => {
    const shipped = readdirSync(CITIES_DIR).filter((d) => !d.startsWith('_'));
    expect(shipped).toHaveLength(1);
    expect(loadConfig({}).city.folder).toBe(path.join(CITIES_DIR, shipped[0] ?? ''));
  });

  it('asks which city when there are several profiles, or none', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cities-'));
    mkdirSync(path.join(dir, '_template'));
    expect(() => shippedCity(dir)).toThrow(CityProfileError);
    expect(() => shippedCity(dir)).toThrow(/CITY: not set, and .* holds no city profile/);
    mkdirSync(path.join(dir, 'graz'));
    expect(shippedCity(dir)).toBe('graz');
    mkdirSync(path.join(dir, 'auwinkel'));
    expect(() => shippedCity(dir)).toThrow(/CITY: not set; set it to one of auwinkel, graz/);
  });
});
