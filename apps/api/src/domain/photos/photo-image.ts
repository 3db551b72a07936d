// A photo's bytes, checked and re-encoded. The type is read from the bytes (never the
// name or the declared type); the header's dimensions are checked before anything is decoded;
// the picture is then decoded by libvips (sharp), turned upright, sized and written anew as WebP
// without any metadata block. What was sent is never kept: only the re-encoded bytes leave here.
// Memory is bounded by what a picture decodes to, not by its file size: a few KB of PNG
// can say 16 bits per channel. The decoded size (pixels × channels × bytes per channel, from the
// PNG IHDR, JPEG SOF or WebP header that libvips reads without decoding) is capped, and decoding
// waits in a queue until its decoded size fits a memory budget shared by all uploads.
import { createHash } from 'node:crypto';
import { PHOTO_RULES } from '@linz/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { fill, MAIL_TEXTS, type MailTexts } from '../../mail/texts.js';
import { LimitReached, PhotoRefused } from '../errors.js';

// No cache of decoded images between requests: memory stays bounded by the uploads in flight.
sharp.cache(false);
// One libvips worker thread per picture: the queue below, not libvips, decides how many decode at once.
sharp.concurrency(1);

/** The most one picture may decode to: 40 megapixels of 8-bit RGBA (so 16-bit is refused above 20 MP). */
export const MAX_DECODED_BYTES = PHOTO_RULES.maxPixels * 4;
/** Decoded bytes of all pictures being processed at once: two of the largest (docs/photos.md, the budget). */
export const DECODE_BUDGET_BYTES = 2 * MAX_DECODED_BYTES;
/** Uploads that may wait for the budget; more are refused with LimitReached (a burst beyond this is no visitor). */
export const DECODE_QUEUE_MAX = 20;

/** Bytes per channel of libvips's band formats (Metadata.depth). */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 };

/** What a picture decodes to, from its header alone; an unknown sample format counts as 4 bytes. */
export const decodedBytes = (m: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>) =>
  (m.width ?? 0) * (m.height ?? 0) * (m.channels ?? 4) * (SAMPLE_BYTES[m.depth ?? ''] ?? 4);

/** A first-come queue for a shared budget of bytes: `run` waits until its bytes fit, then holds them. */
export function memoryQueue(budget: number, maxWaiting: number) {
  let used = 0;
  const waiting: Array<{ bytes: number; go: () => void }> = [];
  const next = () => {
    // In order: a large picture is not overtaken for ever by small ones.
    while (waiting[0] && (used === 0 || used + waiting[0].bytes <= budget)) {
      const first = waiting.shift();
      if (!first) break;
      used += first.bytes;
      first.go();
    }
  };
  return {
    get used() {
      return used;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(bytes: number, job: () => Promise<T>): Promise<T> {
      if (waiting.length >= maxWaiting) {
        throw new LimitReached('Many photos are being processed right now. Please try again in a minute.', 60);
      }
      const held = Math.min(bytes, budget);
      await new Promise<void>((go) => {
        waiting.push({ bytes: held, go });
        next();
      });
      try {
        return await job();
      } finally {
        used -= held;
        next();
      }
    },
  };
}

const decoding = memoryQueue(DECODE_BUDGET_BYTES, DECODE_QUEUE_MAX);

export type PhotoKind = 'jpeg' | 'png' | 'webp';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The ISO-BMFF brands of HEIF images (HEIC from phones, AVIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** What the first bytes say the file is. */
export function sniff(bytes: Buffer): PhotoKind | 'heif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heif';
  return undefined;
}

/** A refusal in English and German, one after the other (the server's texts, `photoRefusals`). */
const refusal = (key: keyof MailTexts['photoRefusals']) => {
  const values = { megapixels: PHOTO_RULES.maxPixels / 1_000_000 };
  return `${fill(MAIL_TEXTS.en.photoRefusals[key], values)} ${fill(MAIL_TEXTS.de.photoRefusals[key], values)}`;
};
export const HEIC_MESSAGE = refusal('heic');
export const TYPE_MESSAGE = refusal('type');
export const PIXELS_MESSAGE = refusal('pixels');
export const BROKEN_MESSAGE = refusal('broken');
export const DECODED_MESSAGE = refusal('decoded');

export type ProcessedPhoto = {
  /** WebP, at most PHOTO_RULES.longSide on the long side, no metadata. */
  image: Buffer;
  /** WebP, at most PHOTO_RULES.thumbSide on the long side. */
  thumb: Buffer;
  width: number;
  height: number;
  /** Hex SHA-256 of `image`. */
  hash: string;
};

const decodeOptions = {
  limitInputPixels: PHOTO_RULES.maxPixels,
  failOn: 'warning',
  sequentialRead: true,
} as const;

/** Writes `pipeline` as metadata-free sRGB WebP of at most `side` px on the long side. */
const webp = (pipeline: Sharp, side: number) =>
  pipeline
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .webp({ quality: 82, effort: 4 })
    .timeout({ seconds: 30 })
    .toBuffer({ resolveWithObject: true });

/** The bytes as sent, checked and re-encoded; a PhotoRefused (and why) when they cannot be. */
export async function processPhoto(sent: Buffer): Promise<ProcessedPhoto> {
  const kind = sniff(sent);
  if (kind === 'heif') throw new PhotoRefused('heic', HEIC_MESSAGE);
  if (!kind) throw new PhotoRefused('type', TYPE_MESSAGE);
  // The header alone: a small file that claims 20,000 × 20,000 is refused before any pixel is decoded.
  let header: Metadata;
  try {
    header = await sharp(sent, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('broken', BROKEN_MESSAGE);
  }
  if (header.format !== kind) throw new PhotoRefused('type', TYPE_MESSAGE);
  if (!header.width || !header.height) throw new PhotoRefused('broken', BROKEN_MESSAGE);
  if (header.width * header.height > PHOTO_RULES.maxPixels) throw new PhotoRefused('too-large', PIXELS_MESSAGE);
  if ((header.pages ?? 1) > 1) throw new PhotoRefused('type', TYPE_MESSAGE); // animated WebP/PNG
  const bytes = decodedBytes(header);
  if (bytes > MAX_DECODED_BYTES) throw new PhotoRefused('too-large', DECODED_MESSAGE);
  return decoding.run(bytes, async () => {
    try {
      // rotate() with no angle: upright from the EXIF orientation. sharp writes no metadata unless asked.
      return await encoded(sharp(sent, decodeOptions).rotate());
    } catch {
      throw new PhotoRefused('broken', BROKEN_MESSAGE);
    }
  });
}

/** A stored photo turned by 90° either way, re-encoded as a new photo (new bytes, new hash). */
export async function rotatePhoto(image: Buffer, degrees: 90 | -90): Promise<ProcessedPhoto> {
  // A stored photo is at most 1600 px of 8-bit RGB(A): it still waits its turn with the uploads.
  const header = await sharp(image).metadata();
  return decoding.run(decodedBytes(header), () => encoded(sharp(image, decodeOptions).rotate(degrees)));
}

/** The stored photo and its thumbnail from a decoded picture, named by the hash of its bytes. */
async function encoded(picture: Sharp): Promise<ProcessedPhoto> {
  const full = await webp(picture, PHOTO_RULES.longSide);
  const thumb = await webp(sharp(full.data), PHOTO_RULES.thumbSide);
  return {
    image: full.data,
    thumb: thumb.data,
    width: full.info.width,
    height: full.info.height,
    hash: createHash('sha256').update(full.data).digest('hex'),
  };
}
