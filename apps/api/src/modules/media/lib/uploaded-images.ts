// Images staff upload (merchant logos and photos, contest banners and pictures, offer pictures): checked by their bytes, decoded, resized,
// re-encoded as WebP with every piece of metadata dropped (EXIF GPS, camera, XMP, ICC), and
// stored in the image store (image-store.ts: DATA_DIR/uploads, or an S3-compatible bucket) by a
// name made of their content, so the URL of a picture never changes and can be cached for a year
// (docs/operations.md "Data": back the store up).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../../lib/errors.ts';
import type { ImageStore } from './image-store.ts';

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
  /** Fit inside a box (logos), or at most this wide (photos, banners, pictures). */
  fit: { width: number; height?: number };
  /** The stored file's name starts with it (letters only: UPLOAD_FILE_PATTERN). */
  purpose: 'logo' | 'photo' | 'banner' | 'picture';
}

/** The upload shapes, one per kind of image a console record carries (docs/api.md "Staff console"). */
export const IMAGE_SHAPES = {
  // A logo fits a 400 x 400 box; a photo is at most 1600 wide.
  merchantLogo: { purpose: 'logo', fit: { width: 400, height: 400 } },
  merchantPhoto: { purpose: 'photo', fit: { width: 1600 } },
  // The home page's contest banner is drawn up to 960 wide (2x for sharp screens).
  contestBanner: { purpose: 'banner', fit: { width: 1920 } },
  // Contest and offer pictures are shown 480 x 270 in cards and modals.
  contestPicture: { purpose: 'picture', fit: { width: 1200 } },
  offerPicture: { purpose: 'picture', fit: { width: 1200 } },
} as const satisfies Record<string, ImageShape>;

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

const STORED_TYPE = 'image/webp';

/** Stores processed image bytes; answers the URL the app serves them at. */
export async function storeImage(store: ImageStore, purpose: string, data: Buffer): Promise<string> {
  const name = `${purpose}-${createHash('sha256').update(data).digest('hex').slice(0, 32)}.webp`;
  await store.put(name, data, STORED_TYPE);
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/**
 * The one upload step every console image takes: checked, re-encoded and stored (processImage,
 * storeImage); answers the URL to put on the record. Call it before the record's transaction:
 * a refused upload changes nothing, and a file stored for a write that then fails is harmless
 * (named by its content, never listed).
 */
export async function saveUploadedImage(store: ImageStore, bytes: Buffer, shape: ImageShape): Promise<string> {
  return (await saveUploadedImageSized(store, bytes, shape)).url;
}

/** saveUploadedImage, answering the stored size too (pages reserve the space: width and height on the img). */
export async function saveUploadedImageSized(store: ImageStore, bytes: Buffer, shape: ImageShape): Promise<{ url: string; width: number; height: number }> {
  const image = await processImage(bytes, shape);
  return { url: await storeImage(store, shape.purpose, image.data), width: image.width, height: image.height };
}

/** The bytes of a stored image, or undefined (a name not of our making is never looked up). */
export async function readStoredImage(store: ImageStore, file: string): Promise<Buffer | undefined> {
  if (!UPLOAD_FILE_PATTERN.test(file)) return undefined;
  return store.get(file);
}
