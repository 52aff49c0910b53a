// Images staff upload (merchant logos and photos): checked by their bytes, decoded, resized,
// re-encoded as WebP with every piece of metadata dropped (EXIF GPS, camera, XMP, ICC), and
// stored under DATA_DIR/uploads by a name made of their content, so the URL of a picture never
// changes and can be cached for a year (docs/operations.md: back up DATA_DIR).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Env } from '../../../config/env.ts';
import { AppError } from '../../../lib/errors.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression bombs: a 5 MB file may claim a huge canvas; 40 megapixels covers any camera. */
const MAX_INPUT_PIXELS = 40_000_000;
export const UPLOAD_URL_PREFIX = '/media/uploads/';
/** What a stored file is called: `<purpose>-<hash>.webp`. */
export const UPLOAD_FILE_PATTERN = /^[a-z]+-[0-9a-f]{32}\.webp$/;

export const UPLOAD_TOO_LARGE = 'The image is larger than 5 MB. Send a smaller file.';
export const UPLOAD_WRONG_TYPE = 'Send a JPEG, PNG, WebP or AVIF image.';
export const UPLOAD_UNREADABLE = 'This image could not be read. Send a JPEG, PNG, WebP or AVIF image.';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The type of an image by its first bytes (never by its name or the type the client claims). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: [size]ftyp<major brand><minor version><compatible brands...>
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands: string[] = [bytes.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(bytes.toString('latin1', i, i + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  }
  return null;
}

export interface ImageShape {
  /** Fit inside a box (logos), or at most this wide (photos). */
  fit: { width: number; height?: number };
  purpose: 'logo' | 'photo';
}

/**
 * Decodes, resizes (never enlarging) and re-encodes an upload as WebP without metadata; the
 * orientation an EXIF tag asked for is applied first, so the picture stands the right way up.
 * Throws a 400 (field `file`) for a type we do not take or bytes that do not decode.
 */
export async function processImage(bytes: Buffer, shape: ImageShape): Promise<{ data: Buffer; width: number; height: number }> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('too_large', UPLOAD_TOO_LARGE, { file: [UPLOAD_TOO_LARGE] });
  if (!sniffImageType(bytes)) throw new AppError('invalid', UPLOAD_WRONG_TYPE, { file: [UPLOAD_WRONG_TYPE] });
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: shape.fit.width, height: shape.fit.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError('invalid', UPLOAD_UNREADABLE, { file: [UPLOAD_UNREADABLE] });
  }
}

function uploadsDir(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, 'uploads');
}

/** Stores processed image bytes; answers the URL the app serves them at. */
export async function storeImage(env: Pick<Env, 'DATA_DIR'>, purpose: string, data: Buffer): Promise<string> {
  const name = `${purpose}-${createHash('sha256').update(data).digest('hex').slice(0, 32)}.webp`;
  const dir = uploadsDir(env);
  await mkdir(dir, { recursive: true });
  // Written whole then renamed: a reader never sees half a file.
  const temp = join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(temp, data);
  await rename(temp, join(dir, name));
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The bytes of a stored image, or undefined. */
export async function readStoredImage(env: Pick<Env, 'DATA_DIR'>, file: string): Promise<Buffer | undefined> {
  if (!UPLOAD_FILE_PATTERN.test(file)) return undefined;
  try {
    return await readFile(join(uploadsDir(env), file));
  } catch {
    return undefined;
  }
}
