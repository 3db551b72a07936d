// A real OpenID provider for the tests (panva's oidc-provider) standing in for the city's: one
// client (ours) and a few accounts, signed in through a tiny page where one types the user name
// (no password: the provider is the thing under test's other side, not its subject).
//   tsx packages/test-peers/src/oidc-idp.ts <port, 0 for any> <redirect URI>[,<redirect URI>…]
// prints one line `{"issuer":"http://127.0.0.1:<port>"}` once it listens. It runs as its own
// process so a test can move our clock (fake timers) without moving the provider's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export const IDP_CLIENT = { id: 'denkmal-linz', secret: 'test-secret-of-the-citys-provider-0123456789' } as const;
/** The group staff are in, as a city's provider would send it in the `groups` claim. */
export const IDP_STAFF_GROUP = 'denkmal-staff';
/** Lifetime of the provider's ID tokens: short, so a test can see one expire by moving our clock. */
export const IDP_ID_TOKEN_SECONDS = 60;

/** The provider's accounts: the key is what one types on its sign-in page and the `sub`. */
export const IDP_ACCOUNTS: Record<string, Record<string, unknown>> = {
  anna: {
    name: 'Anna Beispiel',
    preferred_username: 'anna',
    email: 'anna.beispiel@linz.example',
    email_verified: true,
    groups: [IDP_STAFF_GROUP, 'all-staff'],
  },
  // In the city's directory but not in the staff group, and of another domain.
  bert: { name: 'Bert Außen', email: 'bert@elsewhere.example', email_verified: true, groups: ['all-staff'] },
  // In the group, the city's domain, but the provider has not verified the address; no name.
  carla: { preferred_username: 'carla', email: 'carla@linz.example', email_verified: false, groups: [IDP_STAFF_GROUP] },
  // The same display name as Anna: a second member must get a name of its own.
  anna2: { name: 'Anna Beispiel', email: 'anna.b@linz.example', email_verified: true, groups: [IDP_STAFF_GROUP] },
};

function configuration(redirectUris: string[]): Configuration {
  return {
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'], email: ['email', 'email_verified'] },
    // The claims go into the ID token (as Keycloak and Entra ID put them there), not only userinfo.
    conformIdTokenClaims: false,
    ttl: { IdToken: IDP_ID_TOKEN_SECONDS },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...(IDP_ACCOUNTS[sub] ?? {}) }) }),
    // Our app is the city's own: no consent screen, as a city would configure it.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const known = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (known) return ctx.oidc.provider.Grant.find(known);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  };
}

const page = (uid: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Test-Anmeldung der Stadt</title></head>
<body><main><h1>Test-Anmeldung der Stadt</h1>
<form method="post" action="/interaction/${uid}">
<label for="login">Benutzername</label> <input id="login" name="login" autocomplete="username" required>
<button type="submit">Weiter</button>
</form>
<form method="post" action="/interaction/${uid}"><input type="hidden" name="cancel" value="1"><button type="submit">Abbrechen</button></form>
</main></body></html>`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function main() {
  const [portArg = '0', uris = ''] = process.argv.slice(2);
  // The issuer names the port, so the provider is made once the server listens.
  const made: { provider?: Provider } = {};
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    const provider = made.provider;
    if (!provider) return void res.writeHead(503).end();
    if (!match) return void provider.callback()(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== match[1]) throw new Error('interaction mismatch');
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details.uid));
        return;
      }
      const form = await formOf(req);
      const login = form.get('login')?.trim();
      const result =
        form.get('cancel') || !login
          ? { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }
          : { login: { accountId: login } };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      console.error(err);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end('interaction failed');
    });
  });
  // Never the first to close an idle connection: when the server and the client's pool close one
  // at the same moment, the client's next request fails with "other side closed".
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(Number(portArg), '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(uris.split(',').filter(Boolean)));
  made.provider = provider;
  // Errors the provider answers (a used code, a wrong verifier) are the tests' subject, not noise.
  provider.on('server_error', (_ctx, err) => console.error('provider error', err));
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
