// Serves the built web app on the same origin. The app's pages answer its index.html (with the
// voter cookie, so a browser has its identity before its first vote); any other non-API path
// answers the same page with 404 (the app shows its not-found page), a missing file a plain 404.
// Files are sent precompressed (.br, .gz written by the web build) as the request accepts; the page
// and the web app manifest name this server's city (city-page.ts). A page
// may add tags to its <head> for crawlers that run no JavaScript (/stats, and / for a shared proposal:
// their Open Graph tags), and preload the data it shows first (a monument's view: the monument, its
// proposals and photos, and what this browser did there).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_PATHS, isApiPath } from '@linz/contract/facts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cityManifest, cityPage, sendCityFile, type CityFile } from './city-page.js';
import { voterIdFor } from './context.js';
import type { CityWords } from './locale.js';
import { refuse } from './errors.js';

const SPA_ROUTES = Object.values(APP_PATHS);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite's content-hashed file names: name-HASH.ext (before any .br/.gz). */
const HASHED = /-[A-Za-z0-9_-]{8,}\.\w+$/;
const HAS_EXTENSION = /\/[^/]*\.[^/]*$/;

/** What a page adds to index.html's <head>, or where the page has moved for good (a merged proposal's old link). */
export type PageHead = (req: FastifyRequest) => Promise<string | { movedTo: string }>;
/** Per app path: its head. */
export type PageHeads = Partial<Record<string, PageHead>>;
/** Per app path: the API answers its page asks for first (same-origin paths), if the address names them. */
export type PagePreloads = Partial<Record<string, (req: FastifyRequest) => string[]>>;

export async function webApp(
  app: FastifyInstance,
  webDist: string,
  city: CityWords,
  heads: PageHeads = {},
  preloads: PagePreloads = {},
) {
  const built = existsSync(path.join(webDist, 'index.html'));
  let page: CityFile | undefined;
  if (built) {
    page = await cityPage(webDist, city);
    const manifest = await cityManifest(webDist, city);
    app.get('/manifest.webmanifest', (req, reply) => sendCityFile(req, reply, manifest));
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html is only served by sendPage (cookie, status, the city's name), the manifest by its
      // route above; the compressed copies are found by preCompressed next to their file, never
      // addressed themselves.
      globIgnore: ['index.html', 'manifest.webmanifest', '**/*.br', '**/*.gz'],
      setHeaders(reply, file) {
        const name = file.replace(/\.(br|gz)$/, '');
        // The app's page is always `private`: it may carry the voter cookie, and a shared cache
        // must not hand a cookie-less copy to a browser that needs its cookie.
        if (name.endsWith('.html')) return void reply.header('cache-control', 'private, no-cache');
        const immutable = name.includes(`${path.sep}assets${path.sep}`) && HASHED.test(name);
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  /** The app's page (headers in setHeaders above), with this browser's voter cookie. */
  function sendPage(req: FastifyRequest, reply: FastifyReply, status: 200 | 404) {
    if (!page) return refuse(reply, 'UNAVAILABLE', 'The web app is not built. Run pnpm build.');
    voterIdFor(req, reply);
    reply.header('cache-control', 'private, no-cache');
    // The not-found page answers 404 every time, never a 304 from a conditional request.
    return sendCityFile(req, reply, page, status);
  }

  /** The page with tags added to its head; without them (e.g. the figures unreadable) as it is. */
  async function sendPageWithHead(req: FastifyRequest, reply: FastifyReply, head: PageHead) {
    if (!page) return sendPage(req, reply, 200);
    const tags = await head(req).catch((err: unknown) => (req.log.warn({ err }, 'page head left out'), ''));
    if (typeof tags === 'object') return reply.redirect(tags.movedTo, 301);
    // Nothing to add (e.g. the map without a shared proposal): the page as it is, with its ETag.
    if (!tags) return sendPage(req, reply, 200);
    voterIdFor(req, reply);
    reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
    return reply.send(page.text.replace('</head>', () => `${tags}\n</head>`));
  }

  for (const route of SPA_ROUTES) {
    const head = heads[route];
    const preload = preloads[route];
    app.get(route, (req, reply) => {
      // The browser fetches the page's data with the page instead of after its scripts; the app's own
      // request (same URL, same-origin credentials) takes the preloaded answer.
      const data = preload?.(req) ?? [];
      if (data.length > 0) reply.header('link', data.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin`).join(', '));
      return head ? sendPageWithHead(req, reply, head) : sendPage(req, reply, 200);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (!built || isApiPath(pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return refuse(reply, 'NOT_FOUND', `No such path: ${req.method} ${pathname}`);
    }
    // A missing script, style or image must not receive HTML in its place.
    if (HAS_EXTENSION.test(pathname)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendPage(req, reply, 404);
  });
}
