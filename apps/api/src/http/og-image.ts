// Open Graph images (1200 × 630 PNG) drawn from real text in a real font: satori lays out the card
// and writes SVG with the glyphs as paths, resvg (a prebuilt binary inside its npm package)
// rasterises it. The font is Noto Sans from @fontsource (OFL; satori reads woff, not woff2), its
// Latin and Latin Extended subsets, so umlauts, ß and most European names render.
// Drawing takes tens of milliseconds: images are cached per ETag and a figure drawn once, and
// concurrent requests for one image share one drawing.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { recentlyUsed } from '../domain/read-cache.js';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const INK = '#1d1b26';
const ACCENT = '#6a1b9a';
const PAPER = '#f5f2fa';
const REST = '#d9d6e0';
const MUTED = '#4a4658';

const require = createRequire(import.meta.url);
type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<Font[]> | undefined;
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    (['latin', 'latin-ext'] as const).flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        // One family per subset: satori falls back from one family to the next per glyph, not within one.
        name: subset === 'latin' ? 'Noto Sans' : 'Noto Sans Ext',
        data: await readFile(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    ),
  );
  return fonts;
}

/** What a card says: a small line above, the headline, further lines, a bar (0..1) and its caption. */
export type Card = {
  kicker: string;
  headline: string;
  lines?: string[];
  /** The bar's filled part, 0..1 (null: no bar). */
  bar: number | null;
  figure: string;
  siteName: string;
  footer?: string;
  /** The SHA-256 of an approved photo to show under the headline; its bytes are given to the drawing. */
  photo?: string;
};

type Node = {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: (Node | string)[] | Node | string;
    src?: string;
    width?: number;
    height?: number;
  };
};
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

/** Smaller type for longer headlines, so a 120-character name still fits in three lines. */
const headlineSize = (text: string) => (text.length <= 40 ? 72 : text.length <= 80 ? 56 : 44);

function layout(card: Card, photo?: string): Node {
  const share = card.bar === null ? null : Math.min(1, Math.max(0, card.bar));
  return el(
    'div',
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '56px 72px',
      backgroundColor: PAPER,
      color: INK,
      fontFamily: "'Noto Sans', 'Noto Sans Ext'",
      borderLeft: `24px solid ${ACCENT}`,
    },
    [
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { fontSize: 32, color: MUTED, marginBottom: 20, lineClamp: 1 }, card.kicker),
        el(
          'div',
          { fontSize: photo ? 52 : headlineSize(card.headline), fontWeight: 700, lineHeight: 1.15, lineClamp: photo ? 2 : 3 },
          card.headline,
        ),
        ...(card.lines ?? []).map((line) => el('div', { fontSize: 34, marginTop: 16, color: INK, lineClamp: 2 }, line)),
        // The photo under the headline, cropped to a band.
        ...(photo
          ? [
              {
                type: 'img',
                props: { src: photo, width: 1032, height: 190, style: { marginTop: 18, objectFit: 'cover', borderRadius: 12 } },
              },
            ]
          : []),
      ]),
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { fontSize: 44, fontWeight: 700, marginBottom: 16 }, card.figure),
        ...(share === null
          ? []
          : [
              // The filled part is hatched as well as coloured: readable without colour.
              el('div', { display: 'flex', width: '100%', height: 36, backgroundColor: REST, border: `3px solid ${INK}` }, [
                el('div', {
                  width: `${(share * 100).toFixed(2)}%`,
                  height: '100%',
                  backgroundColor: ACCENT,
                  backgroundImage: `repeating-linear-gradient(45deg, ${ACCENT} 0px, ${ACCENT} 12px, #8e44b5 12px, #8e44b5 18px)`,
                }),
              ]),
            ]),
        el('div', { display: 'flex', justifyContent: 'space-between', marginTop: 28, fontSize: 30, color: MUTED }, [
          el('div', { fontWeight: 700, color: INK }, card.siteName),
          el('div', {}, card.footer ?? ''),
        ]),
      ]),
    ],
  );
}

/** Draws a card as PNG; `photo` is the bytes of its photo (any format libvips reads). */
export async function drawCard(card: Card, photo?: Buffer): Promise<Buffer> {
  // satori embeds PNG and JPEG, not WebP: the photo goes in as a JPEG data URL.
  const src = photo
    ? `data:image/jpeg;base64,${(await sharp(photo).jpeg({ quality: 80 }).toBuffer()).toString('base64')}`
    : undefined;
  const svg = await satori(layout(card, src) as never, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() });
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

/** The strong ETag of a card: a hash of everything it shows. */
export const etagOf = (card: Card) => `"og-${createHash('sha1').update(JSON.stringify(card)).digest('base64url')}"`;

/**
 * Images by ETag: each drawn once, the last `size` kept; concurrent requests for one wait for the
 * same drawing.
 */
export function imageCache(size = 256) {
  const drawn = recentlyUsed<Promise<Buffer>>(size);
  return (etag: string, card: Card, photo?: () => Promise<Buffer | undefined>): Promise<Buffer> =>
    drawn.get(etag, () => {
      const png = (photo ? photo() : Promise.resolve(undefined)).then((bytes) => drawCard(card, bytes));
      png.catch(() => drawn.forget(etag));
      return png;
    });
}
