// Staff sign-in with the city's accounts (OpenID Connect, authorization code flow with PKCE).
// openid-client does the protocol: discovery, the authorization URL, the code exchange and every
// check of the answer (state, PKCE verifier, issuer, audience, signature, expiry, nonce). This
// module decides who is staff from the verified ID token and names the refusals. Tokens are used
// for this one decision and then dropped: none is stored or logged.
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';
import { DomainError } from '../errors.js';

/** What the browser carries between the start and the callback (in a signed, short-lived cookie). */
export type OidcTransaction = { state: string; nonce: string; verifier: string };

/**
 * A sign-in that did not happen. `denied`: the provider signed the person in, but they are not
 * staff here (or their member is revoked). `failed`: anything else (a wrong or missing state,
 * a used code, an expired or forged ID token, the provider unreachable or refusing).
 */
export class OidcRefused extends DomainError {
  readonly code = 'UNAUTHORIZED';
  constructor(
    readonly reason: 'denied' | 'failed',
    message: string,
    /** The library's or provider's own error code, for the log. */
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** The claims of a verified ID token that matter here. */
export type IdClaims = Record<string, unknown> & { iss: string; sub: string };

/** Whether the ID token's claims make its account staff (both rules must hold when both are set). */
export function isStaff(config: Pick<OidcConfig, 'staffClaim' | 'allowedDomains'>, claims: IdClaims): boolean {
  const rule = config.staffClaim;
  if (rule) {
    const held = claims[rule.claim];
    const values: unknown[] = Array.isArray(held) ? held : [held];
    if (!values.some((v) => v === rule.value)) return false;
  }
  if (config.allowedDomains) {
    // Only an address the provider says it verified: anyone can type any address into a profile.
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
    if (claims.email_verified !== true || !config.allowedDomains.includes(domain)) return false;
  }
  return true;
}

/** The staff name for an account: its name, else its user name, else its e-mail address. */
export function nameOf(claims: IdClaims): string {
  for (const key of ['name', 'preferred_username', 'email']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

export type Oidc = {
  /** Where to send the browser, and the transaction it must bring back. */
  begin(): Promise<{ url: string; transaction: OidcTransaction }>;
  /** Checks the provider's answer (the callback URL) against the transaction; the staff account's claims. */
  finish(callbackUrl: URL, transaction: OidcTransaction | undefined): Promise<IdClaims>;
};

/** Seconds any request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid profile email';

export function createOidc(config: OidcConfig): Oidc {
  // Discovered on first use and kept; a failure is not kept, so the next sign-in tries again.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // config.ts allows plain http only for an issuer on this machine (the tests' provider).
        execute: new URL(config.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .then((c) => {
        c.timeout = PROVIDER_TIMEOUT_SECONDS;
        return c;
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw refused('failed', err);
      }));

  return {
    async begin() {
      const c = await configuration();
      const transaction = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(c, {
        redirect_uri: config.redirectUri,
        scope: SCOPE,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, transaction };
    },

    async finish(callbackUrl, transaction) {
      if (!transaction) throw new OidcRefused('failed', 'No sign-in was started in this browser (or it took too long).');
      const c = await configuration();
      let claims: IdClaims | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(c, callbackUrl, {
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          pkceCodeVerifier: transaction.verifier,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        throw refused('failed', err);
      }
      if (!claims) throw new OidcRefused('failed', 'The provider sent no ID token.');
      if (!isStaff(config, claims)) throw new OidcRefused('denied', 'This account is not staff here.');
      return claims;
    },
  };
}

/** A library or network error as a refusal; its message and code name the check that failed, never a token. */
function refused(reason: 'denied' | 'failed', err: unknown): OidcRefused {
  if (err instanceof OidcRefused) return err;
  type Failure = { message?: string; code?: unknown; error?: unknown; cause?: unknown };
  const e = err as Failure;
  // openid-client wraps the failed check (e.g. 'unexpected "state" response parameter value') as the cause.
  const cause = e.cause instanceof Error ? (e.cause as Failure) : undefined;
  const codeOf = (f: Failure | undefined) =>
    typeof f?.error === 'string' ? f.error : typeof f?.code === 'string' ? f.code : undefined;
  const message = [e.message ?? 'The identity provider could not be used.', cause?.message].filter(Boolean).join(': ');
  return new OidcRefused(reason, message, codeOf(e) ?? codeOf(cause));
}
