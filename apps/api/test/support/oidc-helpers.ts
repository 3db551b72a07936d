// For the OIDC tests: the test provider (packages/test-peers/src/oidc-idp.ts) in its own process, and a browser
// that keeps cookies per origin and follows redirects one at a time, so a test can stop at the
// provider's answer (the callback URL) and tamper with it or send it twice.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';

const here = path.dirname(new URL(import.meta.url).pathname);
/** The provider (@linz/test-peers), run as a process of its own. */
const IDP_MAIN = createRequire(import.meta.url).resolve('@linz/test-peers/oidc-idp');

/** Starts the test provider with our redirect URI registered; `stop` ends its process. */
export async function startIdp(redirectUri: string): Promise<{ issuer: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', IDP_MAIN, '0', redirectUri], {
    cwd: path.join(here, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`test provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Answer = { status: number; location: string | undefined; body: string; url: string };

/** A browser: our app is reached through `inject` at its PUBLIC_URL, anything else over HTTP. */
export class Browser {
  private jar = new Map<string, Map<string, string>>();

  constructor(
    private app: FastifyInstance,
    private publicUrl: string,
  ) {}

  cookies(origin: string): Map<string, string> {
    let c = this.jar.get(origin);
    if (!c) this.jar.set(origin, (c = new Map<string, string>()));
    return c;
  }

  /** The cookie header this browser sends to our app. */
  appCookies(): Record<string, string> {
    const c = [...this.cookies(new URL(this.publicUrl).origin)].map(([k, v]) => `${k}=${v}`).join('; ');
    return c ? { cookie: c } : {};
  }

  private keep(origin: string, setCookies: string[]) {
    const jar = this.cookies(origin);
    for (const line of setCookies) {
      const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const gone = attrs.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (gone || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}): Promise<Answer> {
    const target = new URL(url);
    const cookie = [...this.cookies(target.origin)].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const headers: Record<string, string> = {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    if (target.origin === new URL(this.publicUrl).origin) {
      const res = await this.app.inject({
        method: init.method ?? 'GET',
        url: target.pathname + target.search,
        headers,
        ...(body ? { payload: body } : {}),
      });
      const set = res.headers['set-cookie'];
      this.keep(target.origin, set === undefined ? [] : [set].flat().map(String));
      const location = res.headers.location === undefined ? undefined : String(res.headers.location);
      return { status: res.statusCode, location, body: res.body, url };
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    this.keep(target.origin, res.headers.getSetCookie());
    return { status: res.status, location: res.headers.get('location') ?? undefined, body: await res.text(), url };
  }

  /** Follows redirects from `url` until an answer that is not one, or until `stop` says so. */
  async follow(url: string, stop: (next: URL) => boolean = () => false): Promise<Answer> {
    let answer = await this.request(url);
    for (let hops = 0; answer.location && hops < 10; hops++) {
      const next = new URL(answer.location, answer.url);
      if (stop(next)) return answer;
      answer = await this.request(next.href);
    }
    return answer;
  }

  /**
   * From /admin's button to the provider's answer: start, the provider's sign-in page, the user
   * name typed in; returns the callback URL the provider sends the browser to (not yet visited).
   */
  async toCallback(login: string): Promise<URL> {
    const callbackPath = '/api/oidc/callback';
    let callback: URL | undefined;
    const backHere = (next: URL) => {
      if (next.pathname === callbackPath) callback = next;
      return callback !== undefined;
    };
    const atProvider = await this.follow(`${this.publicUrl}/api/oidc/start`, backHere);
    // Signed in at the provider already (its own session): it answers at once, without its page.
    if (callback) return callback;
    if (atProvider.status !== 200 || !atProvider.body.includes('Benutzername')) {
      throw new Error(`no sign-in page: ${atProvider.status} at ${atProvider.url}`);
    }
    const submitted = await this.request(atProvider.url, { method: 'POST', form: { login } });
    await this.follow(new URL(submitted.location!, submitted.url).href, backHere);
    if (!callback) throw new Error('the provider did not send the browser back');
    return callback;
  }
}
