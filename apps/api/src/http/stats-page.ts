// /stats for crawlers that run no JavaScript: its page carries Open Graph tags with the headline
// shares (texts from the built app's German locale, the one place for texts), and
// GET /api/stats/og.png draws them as a card (http/og-image.ts). Both read the dashboard's cached figures.
import type { Stats } from '@linz/contract';
import { APP_PATHS, PATHS } from '@linz/contract/facts';
import { formatPercent, womenShareOfMonuments, womenShareOfStreets } from '@linz/contract/shares';
import type { FastifyInstance } from 'fastify';
import { fill, LANG, textAt, translationOf, type CityWords } from './locale.js';
import { etagOf, imageCache, OG_HEIGHT, OG_WIDTH, type Card } from './og-image.js';
import { escapeHtml } from '../domain/visitor-text.js';

type Options = { webDist: string; publicUrl: string; figures: () => Promise<Stats>; city: CityWords };
type Texts = { title: string; headlineMonuments: string; headlineStreets: string; noShare: string };

/** Open Graph tags and their Twitter twins for a page's <head>, every value escaped. */
export function metaTags(tags: [string, string][], description: string): string {
  const twitter = ['title', 'description', 'image', 'image:alt'].flatMap((name) => {
    const og = tags.find(([property]) => property === `og:${name}`);
    return og ? [`<meta name="twitter:${name}" content="${escapeHtml(og[1])}" />`] : [];
  });
  return [
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
    '<meta name="twitter:card" content="summary_large_image" />',
    ...twitter,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  ].join('\n');
}

export const imageTags = (url: string, alt: string): [string, string][] => [
  ['og:image', url],
  ['og:image:type', 'image/png'],
  ['og:image:width', String(OG_WIDTH)],
  ['og:image:height', String(OG_HEIGHT)],
  ['og:image:alt', alt],
];

async function textsOf(webDist: string, city: CityWords): Promise<Texts | undefined> {
  const all = await translationOf(webDist, LANG, city);
  const keys = ['title', 'headlineMonuments', 'headlineStreets', 'noShare'] as const;
  const values = keys.map((k) => textAt(all, `stats.${k}`));
  if (!values.every((v) => v !== undefined)) return undefined;
  return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Texts;
}

const percent = (share: number | null) => (share === null ? null : formatPercent(share, LANG));

/** Registers the image route; returns what /stats's page adds to its <head>. */
export function statsPage(app: FastifyInstance, { webDist, publicUrl, figures, city }: Options): () => Promise<string> {
  const image = imageCache(8);
  const headlines = async () => {
    const [texts, stats] = await Promise.all([textsOf(webDist, city), figures()]);
    const monuments = womenShareOfMonuments(stats.monuments.bySex);
    const line = (template: string | undefined, share: number | null) =>
      template === undefined ? '' : fill(template, { share: percent(share) ?? texts?.noShare ?? '–' });
    return {
      texts,
      monuments,
      first: line(texts?.headlineMonuments, monuments),
      second: line(texts?.headlineStreets, womenShareOfStreets(stats.streets)),
    };
  };

  app.get(PATHS.statsImage, async (req, reply) => {
    const { texts, monuments, first, second } = await headlines();
    const siteName = textAt(await translationOf(webDist, LANG, city), 'sharePreview.siteName') ?? '';
    const card: Card = {
      kicker: texts?.title ?? '',
      headline: first,
      lines: second ? [second] : [],
      bar: monuments,
      figure: percent(monuments) ?? '–',
      siteName,
      footer: new URL(publicUrl).host,
    };
    const etag = etagOf(card);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(await image(etag, card));
  });

  return async function head() {
    const { texts, first, second } = await headlines();
    if (!texts) return '';
    const description = `${first}. ${second}.`;
    return metaTags(
      [
        ['og:type', 'website'],
        ['og:url', `${publicUrl}${APP_PATHS.stats}`],
        ['og:title', texts.title],
        ['og:description', description],
        ...imageTags(`${publicUrl}${PATHS.statsImage}`, description),
      ],
      description,
    );
  };
}
