// Where uploaded images are kept: files under DATA_DIR/uploads (the default), or an S3-compatible
// bucket when S3_BUCKET is configured (docs/operations.md "Data"). Chosen once at start
// (buildApp puts it on deps as `images`); callers only name a file, so the stored names, the
// URLs (/media/uploads/{file}) and the database values are the same with either store.
import { AppError } from '../../../lib/errors.ts';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3Config, type Env, type S3Config } from '../../../config/env.ts';

export interface ImageStore {
  /** Which store this is, for the start-up log line. */
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `name` whole (a reader never sees half of them); a name stored again is replaced. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `name`, or undefined when there are none. */
  get(name: string): Promise<Buffer | undefined>;
  /** Lets go of connections (the app's onClose). */
  close(): Promise<void>;
}

/** Files in one directory (DATA_DIR/uploads), made on the first write. */
export function localImageStore(dir: string): ImageStore {
  return {
    kind: 'local',
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written whole then renamed: a reader never sees half a file. The temporary name is the
      // writer's own (the same picture uploaded twice at once is two writers of one name).
      const temp = join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`);
      await writeFile(temp, bytes);
      await rename(temp, join(dir, name));
    },
    async get(name) {
      try {
        return await readFile(join(dir, name));
      } catch {
        return undefined;
      }
    },
    async close() {},
  };
}

/** What a caller hears when the bucket cannot be reached or refuses us (503, logged with its cause). */
export const IMAGE_STORE_UNAVAILABLE = 'Pictures cannot be stored or read right now. Please try again in a minute.';

function unavailable(cause: unknown): AppError {
  const error = new AppError('unavailable', IMAGE_STORE_UNAVAILABLE);
  error.cause = cause;
  return error;
}

/**
 * Objects in an S3-compatible bucket, each keyed by its file name at the bucket's root. A missing
 * object is undefined; any other failure (store unreachable, refused keys) is a 503 with its cause
 * logged, never taken for a missing picture.
 */
export function s3ImageStore(config: S3Config): ImageStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // A few attempts with back-off on throttling and dropped connections, then the error.
    maxAttempts: 3,
  });
  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      // A single PUT stores the object atomically; the content type is kept for anyone who reads
      // the bucket directly (a CDN in front of it), the app sends its own.
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: name, Body: bytes, ContentType: contentType })).catch((error: unknown) => {
        throw unavailable(error);
      });
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: name }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw unavailable(error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/** The store the configuration asks for: S3 when S3_BUCKET is set, DATA_DIR/uploads otherwise. */
export function createImageStore(env: Env): ImageStore {
  const s3 = s3Config(env);
  return s3 ? s3ImageStore(s3) : localImageStore(join(env.DATA_DIR, 'uploads'));
}
