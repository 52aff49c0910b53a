// The HTTP side of the console's image uploads (merchant logos and photos, contest banners and
// pictures, offer pictures): one multipart file field `file`, 5 MB at most. The bytes then go
// through saveUploadedImage (uploaded-images.ts), so every upload route checks and stores alike.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from './uploaded-images.ts';

const SEND_ONE_FILE = 'Send the image as multipart/form-data in one file field named "file".';
const FIELD_MAX_BYTES = 1024;
const FIELD_TOO_LONG = 'This text is too long.';

/** Lets the routes of this plugin (and only them: Fastify encapsulation) read multipart bodies. */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
}

/** The bytes of the one file field `file` of a multipart body: 413 over 5 MB, 400 when missing. */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  return (await readImageUpload(request)).bytes;
}

/**
 * The file field `file` and the short text fields sent before it (a photo's alt text): the same
 * limits as readImageField. A text field longer than 1 KB is a 400 naming it.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('invalid', SEND_ONE_FILE, { file: [SEND_ONE_FILE] });
  try {
    const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: FIELD_MAX_BYTES } });
    if (!part || part.fieldname !== 'file') throw new AppError('invalid', SEND_ONE_FILE, { file: [SEND_ONE_FILE] });
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (!first || first.type !== 'field' || name === 'file') continue;
      if (first.valueTruncated) throw new AppError('invalid', FIELD_TOO_LONG, { [name]: [FIELD_TOO_LONG] });
      fields[name] = String(first.value);
    }
    return { bytes: await part.toBuffer(), fields };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', UPLOAD_TOO_LARGE, { file: [UPLOAD_TOO_LARGE] });
    throw new AppError('invalid', SEND_ONE_FILE, { file: [SEND_ONE_FILE] });
  }
}

/** The OpenAPI text of an upload route: what it takes and what becomes of it. */
export function uploadDescription(shape: string): string {
  return `Multipart, one file field \`file\`: JPEG, PNG, WebP or AVIF up to 5 MB (checked by its bytes); ${shape}, re-encoded as WebP without metadata, served under /media/uploads/.`;
}
