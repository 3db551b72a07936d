// /stats for crawlers that run no JavaScript: its page carries Open Graph tags with the headline
// shares (texts from the built app's German locale, the one place for texts), and
// GET /api/stats/og.png draws the monuments' share. Both read the dashboard's cached figures.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Stats } from '@linz/contract';
import { APP_PATHS, PATHS } from '@linz/contract/facts';
import { formatPercent, womenShareOfMonuments, womenShareOfStreets } from '@linz/contract/shares';
import type { FastifyInstance } from 'fastify';
import { OG_HEIGHT, OG_WIDTH, ogImage } from './og-image.js';

type Options = { webDist: string; publicUrl: string; figures: () => Promise<Stats> };
type Texts = { title: string; headlineMonuments: string; headlineStreets: string; noShare: string };

/** The page's language: what a crawler sees first (index.html is lang="de"). */
const LANG = 'de';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

async function textsOf(webDist: string): Promise<Texts | undefined> {
  try {
    const all = JSON.parse(await readFile(path.join(webDist, 'locales', LANG, 'translation.json'), 'utf8')) as {
      stats?: Partial<Texts>;
    };
    const s = all.stats ?? {};
    if ([s.title, s.headlineMonuments, s.headlineStreets, s.noShare].every((v) => typeof v === 'string')) return s as Texts;
  } catch {
    // No built locales (a bare API): the page goes out without the tags.
  }
  return undefined;
}

const percent = (share: number | null) => (share === null ? null : formatPercent(share, LANG));

/** Registers the image route; returns what /stats's page adds to its <head>. */
export function statsPage(app: FastifyInstance, { webDist, publicUrl, figures }: Options): () => Promise<string> {
  let drawn: { key: string; png: Buffer } | undefined;
  app.get(PATHS.statsImage, async (req, reply) => {
    const share = womenShareOfMonuments((await figures()).monuments.bySex);
    const label = percent(share) ?? '–';
    const key = `"og-${share === null ? 'none' : share.toFixed(5)}"`;
    if (drawn?.key !== key) drawn = { key, png: ogImage(share, label) };
    reply.header('etag', key).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === key) return reply.code(304).send();
    return reply.type('image/png').send(drawn.png);
  });

  return async function head() {
    const texts = await textsOf(webDist);
    if (!texts) return '';
    const stats = await figures();
    const line = (template: string, share: number | null) => template.replace('{{share}}', percent(share) ?? texts.noShare);
    const description = `${line(texts.headlineMonuments, womenShareOfMonuments(stats.monuments.bySex))}. ${line(texts.headlineStreets, womenShareOfStreets(stats.streets))}.`;
    const tags: [string, string][] = [
      ['og:type', 'website'],
      ['og:url', `${publicUrl}${APP_PATHS.stats}`],
      ['og:title', texts.title],
      ['og:description', description],
      ['og:image', `${publicUrl}${PATHS.statsImage}`],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(OG_WIDTH)],
      ['og:image:height', String(OG_HEIGHT)],
      ['og:image:alt', description],
    ];
    return [
      ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
      '<meta name="twitter:card" content="summary_large_image" />',
      `<meta name="description" content="${escapeHtml(description)}" />`,
    ].join('\n');
  };
}
