// Photos made in the test (no committed binaries): real images written by libvips (sharp) with
// EXIF, GPS and XMP, files that only pretend to be images, and a decompression bomb; a
// multipart/form-data body to send them; and a metadata tool that is not ours (exiftool).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Linz main square, as a phone writes it into EXIF (degrees, minutes, seconds as rationals). */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '48/1 18/1 20/1', GPSLongitudeRef: 'E', GPSLongitude: '14/1 17/1 10/1' };
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Erika Zuhause"/></rdf:RDF></x:xmpmeta>';

/**
 * A JPEG as a phone held upright writes it: the pixels stored landscape (wide × high), EXIF
 * orientation 6 (turn 90° clockwise to show), GPS of where it was taken, a camera, XMP with a name.
 */
export async function phoneJpeg(width = 640, height = 320): Promise<Buffer> {
  // Left half red, right half blue: the turn can be told from the pixels too.
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 20, b: 220 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'Model 7', Artist: 'Erika Zuhause' }, IFD3: GPS })
    .withXmp(XMP)
    .toBuffer();
}

export const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 1 } } })
    .png()
    .toBuffer();

export const webp = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 200, b: 10 } } })
    .webp()
    .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few kilobytes whose header says 20,000 × 20,000 pixels
 * (400 megapixels, 1.2 GB as RGB once decoded). Its data is a deflate stream of zeros. With
 * `depth` 16 each channel takes two bytes: "heavy pixels".
 */
export function bombPng(side = 20_000, depth: 8 | 16 = 8): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(depth, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  // A few rows' worth of zeros (filter byte + pixels), well compressed; the rest is missing.
  const rows = deflateSync(Buffer.alloc((side * 3 * (depth / 8) + 1) * 50));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** The start of an iPhone's HEIC file: an ISO-BMFF `ftyp` box of brand `heic`, then (here) noise. */
export const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  randomBytes(2000),
]);

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
export function form(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----linzTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('bytes' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An upload form: the file and the usual fields (each may be overridden or left out with undefined). */
export function photoForm(
  bytes: Buffer,
  opts: { filename?: string; type?: string; alt?: string; credit?: string; licence?: string } = {},
) {
  const fields = { alt: 'Die Säule am Hauptplatz von Süden', licence: 'CC-BY-4.0', ...opts };
  const parts: Part[] = [];
  for (const name of ['alt', 'credit', 'licence'] as const) {
    const value = fields[name];
    if (value !== undefined) parts.push({ name, value });
  }
  parts.push({ name: 'photo', filename: opts.filename ?? 'photo.jpg', type: opts.type ?? 'image/jpeg', bytes });
  return form(parts);
}

/** What exiftool (a metadata reader that is not ours) finds in some bytes, grouped by family. */
export function exiftool(bytes: Buffer): Record<string, unknown> {
  const out = execFileSync('exiftool', ['-j', '-G1', '-a', '-'], { input: bytes, maxBuffer: 16 * 1024 * 1024 }).toString();
  return (JSON.parse(out) as Record<string, unknown>[])[0] ?? {};
}

/** The metadata groups exiftool names in some bytes (EXIF's IFDs, GPS, XMP, IPTC, ICC...). */
export const groupsOf = (tags: Record<string, unknown>) =>
  [...new Set(Object.keys(tags).map((k) => k.split(':')[0] ?? ''))].filter((g) => g !== 'SourceFile').sort();
