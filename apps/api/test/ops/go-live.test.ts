// Going live: a start whose PUBLIC_URL is public refuses a site profile with
// placeholders (the shipped example's mark, addresses at reserved domains, a phone number no one
// answers, a link to nowhere) and the example MAYOR_EMAIL, naming each field; a start on this
// machine (the README's first command) still runs with the shipped profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, profilePlaceholders, publishes } from '../../src/config.js';
import { LINZ_SITE_PROFILE } from '../support/city.js';
import { DB_KIND } from '../support/harness.js';
import { buildBundle } from '../support/built.js';

const API_DIR = path.resolve(import.meta.dirname, '../..');
const PUBLIC = 'https://denkmal.linz.at';
const MAYOR = 'buergermeister@mag.linz.at';

const dir = mkdtempSync(path.join(tmpdir(), 'linz-go-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Profile = Record<string, unknown> & {
  operator: Record<string, unknown>;
  dataProtectionOfficer: Record<string, unknown>;
  accessibility: Record<string, unknown> & { complaintOffice: Record<string, unknown> };
};
const shipped = () => JSON.parse(readFileSync(LINZ_SITE_PROFILE(), 'utf8')) as Profile;

/** The shipped profile with a city's real facts in place of every placeholder, and without the example mark. */
function filled(): Profile {
  const p = shipped();
  delete p.example;
  Object.assign(p.operator, { email: 'denkmal@mag.linz.at', phone: '+43 732 7070-0', website: 'https://www.linz.at/denkmal' });
  p.dataProtectionOfficer.email = 'datenschutz@mag.linz.at';
  p.accessibility.feedbackEmail = 'barrierefreiheit@mag.linz.at';
  p.staffEmail = 'denkmal-team@mag.linz.at';
  return p;
}

let files = 0;
function write(profile: Profile): string {
  const file = path.join(dir, `site-${++files}.json`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** The refusal's message, or undefined when the configuration loads. */
function refusal(env: Record<string, string>): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('a start on this machine', () => {
  it('runs with the shipped example profile and the default MAYOR_EMAIL (the README’s first command)', () => {
    for (const url of [undefined, 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://karte.test']) {
      expect(refusal(url ? { PUBLIC_URL: url } : {}), url).toBeUndefined();
    }
    expect(loadConfig({}).site.example).toBe(true);
  });

  it('is told apart from a public one by PUBLIC_URL’s host', () => {
    expect(
      ['http://localhost:3000', 'http://127.0.0.5', 'http://[::1]:8080', 'https://karte.linz.example'].map(publishes),
    ).toEqual([false, false, false, false]);
    expect(
      ['https://denkmal.linz.at', 'http://192.168.1.20:3000', 'https://example.at', 'https://localhost.at'].map(publishes),
    ).toEqual([true, true, true, true]);
  });
});

describe('a public start', () => {
  it('refuses the shipped profile and the example MAYOR_EMAIL, naming every field', () => {
    const message = refusal({ PUBLIC_URL: PUBLIC });
    expect(message).toMatch(/^Invalid configuration: PUBLIC_URL https:\/\/denkmal\.linz\.at is public/);
    expect(message).toContain(`SITE_PROFILE ${LINZ_SITE_PROFILE()}:`);
    for (const field of [
      '    example: ',
      '    operator.email: hallo@denkmal-linz.example',
      '    operator.phone: +43 732 000 000',
      '    dataProtectionOfficer.email: datenschutz@denkmal-linz.example',
      '    accessibility.feedbackEmail: barrierefreiheit@denkmal-linz.example',
      '    staffEmail: team@denkmal-linz.example',
      '  MAYOR_EMAIL: buergermeister@linz.example',
      'docs/operations.md#going-live',
    ]) {
      expect(message).toContain(field);
    }
  });

  it('starts with a filled-in profile and the mayor’s office’s real address', () => {
    const config = loadConfig({ PUBLIC_URL: PUBLIC, SITE_PROFILE: write(filled()), MAYOR_EMAIL: MAYOR });
    expect(config.site.operator.website).toBe('https://www.linz.at/denkmal');
  });

  // Each placeholder alone is refused, and only its field is named.
  const cases: [string, (p: Profile) => void][] = [
    ['example', (p) => (p.example = true)],
    ['operator.email', (p) => (p.operator.email = 'kontakt@linz.example')],
    ['operator.phone', (p) => (p.operator.phone = '+43 732 000 000')],
    ['operator.phone', (p) => (p.operator.phone = '0000 0000')],
    ['operator.website', (p) => (p.operator.website = 'https://denkmal-linz.example')],
    ['operator.website', (p) => (p.operator.website = 'https://www.example.com/portfolio')],
    ['dataProtectionOfficer.email', (p) => (p.dataProtectionOfficer.email = 'dsb@example.org')],
    ['accessibility.feedbackEmail', (p) => (p.accessibility.feedbackEmail = 'a11y@stadt.test')],
    ['accessibility.complaintOffice.url', (p) => (p.accessibility.complaintOffice.url = 'https://beschwerde.invalid/')],
  ];
  for (const [field, spoil] of cases) {
    it(`refuses a placeholder in ${field}`, () => {
      const profile = filled();
      spoil(profile);
      const message = refusal({ PUBLIC_URL: PUBLIC, SITE_PROFILE: write(profile), MAYOR_EMAIL: MAYOR }) ?? '';
      const named = [...message.matchAll(/^ {4}([\w.]+):/gm)].map((m) => m[1]);
      expect(named).toEqual([field]);
      expect(message).not.toContain('MAYOR_EMAIL');
      // The same profile on this machine is fine.
      expect(refusal({ SITE_PROFILE: write(profile) })).toBeUndefined();
    });
  }

  it('refuses the example MAYOR_EMAIL alone', () => {
    const message = refusal({ PUBLIC_URL: PUBLIC, SITE_PROFILE: write(filled()) }) ?? '';
    expect(message).toContain('  MAYOR_EMAIL: buergermeister@linz.example');
    expect(message).not.toContain('SITE_PROFILE');
  });

  it('finds a placeholder in any field, also one added later', () => {
    const profile = { ...filled(), staffEmail: 'team@denkmal-linz.example' } as unknown as Parameters<
      typeof profilePlaceholders
    >[0];
    expect(profilePlaceholders(profile)).toEqual([expect.stringMatching(/^staffEmail: team@denkmal-linz\.example/)]);
  });
});

// The server as a city runs it (the built bundle under plain node), once: PGlite's run covers it.
describe.skipIf(DB_KIND !== 'pglite')('the built server started with a public PUBLIC_URL and the shipped profile', () => {
  const out = path.join(API_DIR, '.tmp', `go-live-${process.pid}`);
  beforeAll(() => buildBundle(out));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('exits with 1 before it listens, names the fields on standard error, and prints no stack trace', async () => {
    const dataDir = path.join(dir, 'data');
    const child = spawn(process.execPath, [path.join(out, 'server.js')], {
      cwd: API_DIR,
      // The bundle is not in dist/: the shipped profile is named as a city would (support/built.ts).
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        PUBLIC_URL: PUBLIC,
        SITE_PROFILE: LINZ_SITE_PROFILE(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid configuration: PUBLIC_URL https:\/\/denkmal\.linz\.at is public/);
    for (const field of ['example:', 'operator.phone: +43 732 000 000', 'operator.email:', 'MAYOR_EMAIL:']) {
      expect(stderr).toContain(field);
    }
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).not.toContain('listening');
  }, 120_000);
});

// Issue 56: reachable by others is decided by the listen address as well as PUBLIC_URL, whatever
// NODE_ENV says; a missing or local PUBLIC_URL is refused then, named with what to fill in.
describe('a start that others can reach', () => {
  it('binds to loopback unless HOST says otherwise (the README’s `pnpm start`)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(refusal({ NODE_ENV: 'production' })).toBeUndefined();
  });

  for (const NODE_ENV of ['production', 'development', undefined]) {
    it(`bound beyond loopback refuses the example profile and a missing PUBLIC_URL (NODE_ENV ${NODE_ENV ?? 'unset'})`, () => {
      const env: Record<string, string> = { HOST: '0.0.0.0', ...(NODE_ENV ? { NODE_ENV } : {}) };
      const message = refusal(env) ?? '';
      expect(message).toMatch(/^Invalid configuration: HOST 0\.0\.0\.0 can be reached from other machines/);
      expect(message).toContain('PUBLIC_URL: not set; set the address visitors use');
      expect(message).toContain('operator.phone: +43 732 000 000');
      expect(message).toContain('MAYOR_EMAIL: buergermeister@linz.example');
    });
  }

  it('bound beyond loopback with a local PUBLIC_URL names it, even with a filled-in profile', () => {
    const message =
      refusal({ HOST: '::', PUBLIC_URL: 'http://localhost:3000', SITE_PROFILE: write(filled()), MAYOR_EMAIL: MAYOR }) ?? '';
    expect(message).toContain('PUBLIC_URL: http://localhost:3000 is local');
    expect(message).not.toContain('SITE_PROFILE');
  });

  it('starts bound beyond loopback with a public address and real facts; LOCAL_ONLY (compose) keeps the demo', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: PUBLIC, SITE_PROFILE: write(filled()), MAYOR_EMAIL: MAYOR }).host).toBe(
      '0.0.0.0',
    );
    expect(refusal({ HOST: '0.0.0.0', LOCAL_ONLY: 'true', PUBLIC_URL: 'http://localhost:3000' })).toBeUndefined();
    // A public PUBLIC_URL is refused with placeholders, local listen address or not.
    expect(refusal({ HOST: '0.0.0.0', LOCAL_ONLY: 'true', PUBLIC_URL: PUBLIC })).toMatch(/is public/);
  });
});
