// A photo's bytes, checked and re-encoded (issue 30). The type is read from the bytes (never the
// name or the declared type); the header's dimensions are checked before anything is decoded;
// the picture is then decoded by libvips (sharp), turned upright, sized and written anew as WebP
// without any metadata block. What was sent is never kept: only the re-encoded bytes leave here.
import { createHash } from 'node:crypto';
import { PHOTO_RULES } from '@linz/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PhotoRefused } from './errors.js';

// No cache of decoded images between requests: memory stays bounded by the uploads in flight.
sharp.cache(false);

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

export const HEIC_MESSAGE =
  'HEIC/HEIF photos cannot be taken: please send a JPEG, PNG or WebP (on an iPhone: Settings › Camera › Formats › Most Compatible). ' +
  'HEIC/HEIF-Fotos werden nicht angenommen: bitte als JPEG, PNG oder WebP senden (am iPhone: Einstellungen › Kamera › Formate › Maximale Kompatibilität).';
export const TYPE_MESSAGE = 'Only JPEG, PNG and WebP photos are accepted. Nur JPEG-, PNG- und WebP-Fotos werden angenommen.';
export const PIXELS_MESSAGE = `The photo has more than ${PHOTO_RULES.maxPixels / 1_000_000} megapixels. Das Foto hat mehr als ${PHOTO_RULES.maxPixels / 1_000_000} Megapixel.`;
export const BROKEN_MESSAGE = 'The photo could not be read. Das Foto konnte nicht gelesen werden.';

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

/** The bytes as sent, checked and re-encoded; a PhotoRefused (415/413/422) when they cannot be. */
export async function processPhoto(sent: Buffer): Promise<ProcessedPhoto> {
  const kind = sniff(sent);
  if (kind === 'heif') throw new PhotoRefused(415, HEIC_MESSAGE);
  if (!kind) throw new PhotoRefused(415, TYPE_MESSAGE);
  // The header alone: a small file that claims 20,000 × 20,000 is refused before any pixel is decoded.
  let header: Metadata;
  try {
    header = await sharp(sent, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(422, BROKEN_MESSAGE);
  }
  if (header.format !== kind) throw new PhotoRefused(415, TYPE_MESSAGE);
  if (!header.width || !header.height) throw new PhotoRefused(422, BROKEN_MESSAGE);
  if (header.width * header.height > PHOTO_RULES.maxPixels) throw new PhotoRefused(413, PIXELS_MESSAGE);
  if ((header.pages ?? 1) > 1) throw new PhotoRefused(415, TYPE_MESSAGE); // animated WebP/PNG
  try {
    // rotate() with no angle: upright from the EXIF orientation. sharp writes no metadata unless asked.
    return await encoded(sharp(sent, decodeOptions).rotate());
  } catch {
    throw new PhotoRefused(422, BROKEN_MESSAGE);
  }
}

/** A stored photo turned by 90° either way, re-encoded as a new photo (new bytes, new hash). */
export async function rotatePhoto(image: Buffer, degrees: 90 | -90): Promise<ProcessedPhoto> {
  return encoded(sharp(image, decodeOptions).rotate(degrees));
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
