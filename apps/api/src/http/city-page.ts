// The built web app is the same for every city; its page (index.html) and its web app manifest name
// the city this server runs for. Both are made once, at start, from the build and the city profile:
// the page's {{product}} filled in (its title and feed links, before the app's script names the
// page), the manifest from the German texts (manifest.*, as the app's language comes first). Each is
// kept in memory with its gzip and brotli copies and its ETag.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../domain/visitor-text.js';
import { fill, LANG, textAt, translationOf, type CityWords } from './locale.js';

/** A file made for this city: its text, compressed copies and ETag. */
export type CityFile = { text: string; type: string; plain: Buffer; gzip: Buffer; br: Buffer; etag: string };

/** The web app's colour (styles/index.css --accent): the manifest's theme colour. */
const THEME_COLOUR = '#6a1b9a';

function cityFile(text: string, type: string): CityFile {
  const plain = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  return { text, type, plain, gzip: gzipSync(plain), br: brotliCompressSync(plain), etag };
}

/** The build's index.html with the city's site name where it says {{product}}. */
export async function cityPage(webDist: string, city: CityWords): Promise<CityFile> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  return cityFile(fill(html, { product: escapeHtml(city.productName) }), 'text/html; charset=utf-8');
}

/** The web app manifest: the city's site name, in the app's first language. */
export async function cityManifest(webDist: string, city: CityWords): Promise<CityFile> {
  const texts = await translationOf(webDist, LANG, city);
  const manifest = {
    id: '/',
    name: textAt(texts, 'manifest.name') ?? city.productName,
    short_name: city.productName,
    description: textAt(texts, 'manifest.description') ?? city.productName,
    lang: LANG,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return cityFile(JSON.stringify(manifest), 'application/manifest+json');
}

/** Sends a city file as the request accepts it (brotli, gzip or plain); a 200 answers a matching If-None-Match with 304. */
export function sendCityFile(req: FastifyRequest, reply: FastifyReply, file: CityFile, status: 200 | 404 = 200) {
  reply.code(status).type(file.type).header('vary', 'accept-encoding');
  if (status === 200) {
    reply.header('etag', file.etag);
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
  }
  const encoding = encodingFor(String(req.headers['accept-encoding'] ?? ''));
  return encoding ? reply.header('content-encoding', encoding).send(file[encoding]) : reply.send(file.plain);
}

/** The encoding the request weighs highest (brotli on a tie, as @fastify/static chooses), or none. */
function encodingFor(accepted: string): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of accepted.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}
