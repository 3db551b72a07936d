// The /stats Open Graph image: the headline share as a large number over a bar, drawn from a
// 5×7 bitmap font into a 4-colour PNG. No native binaries, fonts or rasteriser needed; the words
// are in the page's og:title and og:description, which every platform shows beside the image.
import { crc32, deflateSync } from 'node:zlib';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Palette: background, ink, accent (the women's share), the rest of the bar. */
const PALETTE = [0xf5f2fa, 0x1d1b26, 0x6a1b9a, 0xd9d6e0];
const [PAPER, INK, ACCENT, REST] = [0, 1, 2, 3] as const;

/** The glyphs a formatted percentage needs ("27,5 %", "27.5%"); `#` is a lit pixel. */
const FONT: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  '%': ['##   ', '##  #', '   # ', '  #  ', ' #   ', '#  ##', '   ##'],
  ',': ['     ', '     ', '     ', '     ', ' ##  ', '  #  ', ' #   '],
  '.': ['     ', '     ', '     ', '     ', '     ', ' ##  ', ' ##  '],
  '–': ['     ', '     ', '     ', '#####', '     ', '     ', '     '],
  ' ': ['     ', '     ', '     ', '     ', '     ', '     ', '     '],
};

type Canvas = { pixels: Uint8Array; fill(x: number, y: number, w: number, h: number, colour: number): void };

function canvas(): Canvas {
  const pixels = new Uint8Array(OG_WIDTH * OG_HEIGHT).fill(PAPER);
  return {
    pixels,
    fill(x, y, w, h, colour) {
      for (let row = Math.max(0, y); row < Math.min(OG_HEIGHT, y + h); row++) {
        pixels.fill(colour, row * OG_WIDTH + Math.max(0, x), row * OG_WIDTH + Math.min(OG_WIDTH, x + w));
      }
    },
  };
}

/** Draws `text` centred at `top`, each font pixel a `scale`-sized square; unknown characters are left out. */
function drawText(c: Canvas, text: string, top: number, scale: number, colour: number) {
  const glyphs = [...text].map((ch) => FONT[ch.replace(/\u00a0|\u202f/, ' ')]).filter((g) => g !== undefined);
  const advance = 6 * scale;
  let x = Math.round((OG_WIDTH - (glyphs.length * advance - scale)) / 2);
  for (const glyph of glyphs) {
    glyph.forEach((line, row) => {
      [...line].forEach((bit, col) => bit === '#' && c.fill(x + col * scale, top + row * scale, scale, scale, colour));
    });
    x += advance;
  }
}

/** The bar: the women's share in accent with light diagonal hatching (readable without colour), the rest plain. */
function drawBar(c: Canvas, share: number | null) {
  const [x, y, w, h] = [100, 440, 1000, 80];
  c.fill(x - 4, y - 4, w + 8, h + 8, INK);
  c.fill(x, y, w, h, REST);
  const women = Math.round(w * Math.min(1, Math.max(0, share ?? 0)));
  c.fill(x, y, women, h, ACCENT);
  for (let row = y; row < y + h; row++) {
    for (let col = x; col < x + women; col++) if ((col + row) % 16 < 4) c.pixels[row * OG_WIDTH + col] = REST;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(OG_WIDTH, 0);
  header.writeUInt32BE(OG_HEIGHT, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits per pixel, indexed colour, no interlace
  const palette = Buffer.from(PALETTE.flatMap((rgb) => [rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff]));
  const raw = Buffer.alloc((OG_WIDTH + 1) * OG_HEIGHT); // each row: filter 0, then its pixels
  for (let row = 0; row < OG_HEIGHT; row++)
    raw.set(pixels.subarray(row * OG_WIDTH, (row + 1) * OG_WIDTH), row * (OG_WIDTH + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image for a share (0–1, null when nothing commemorates people) written as `label`. */
export function ogImage(share: number | null, label: string): Buffer {
  const c = canvas();
  c.fill(0, 0, OG_WIDTH, 24, ACCENT);
  drawText(c, label, 130, 30, ACCENT);
  drawBar(c, share);
  c.fill(0, OG_HEIGHT - 24, OG_WIDTH, 24, ACCENT);
  return encodePng(c.pixels);
}
