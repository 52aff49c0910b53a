// Uploaded images in an S3-compatible store: the real upload pipeline (console route, sharp,
// the S3 client) against a real S3 API server (s3rver) started here on a random port over a temp
// directory. The stored names, URLs and cache headers are those of the local store.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_STORE_UNAVAILABLE } from '../src/modules/media/lib/image-store.ts';
import { signUpStaff, type TestStaff } from '../src/modules/staff/staff.fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { uploadFile } from './support/multipart.ts';

const BUCKET = 'localsaver-uploads';
// s3rver's own key pair (it refuses an unknown access key id; it does not check V4 signatures).
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('uploaded images in an S3-compatible bucket', () => {
  let server: S3rver;
  let serverOpen = false;
  let storeDir: string;
  let endpoint: string;
  let s3: S3Client;
  let t: TestApp;
  let admin: TestStaff;
  let merchantId: number;

  /** The object's bytes and type as the bucket holds them, read with the S3 client. */
  async function objectInBucket(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }> {
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
  }

  beforeAll(async () => {
    storeDir = mkdtempSync(join(tmpdir(), 'market-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: storeDir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await server.run();
    serverOpen = true;
    endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    admin = await signUpStaff(t.app, 'admin');
    const created = await t.app.inject({ method: 'POST', url: '/api/console/merchants/', headers: admin.headers, payload: { name: 'Bucket Street Bakery' } });
    expect(created.statusCode, created.body).toBe(201);
    merchantId = created.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    if (serverOpen) await server.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  it('stores a console upload in the bucket by its content name and serves the same bytes at /media/uploads/', async () => {
    expect(t.app.deps.images.kind).toBe('s3');
    const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#aa5522' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER-MARK' } })
      .toBuffer();
    const res = await uploadFile(t.app, `/api/console/merchants/${merchantId}/photo/`, admin.headers, photo, { filename: 'shop.jpg' });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().photo_url as string;
    expect(url).toMatch(/^\/media\/uploads\/photo-[0-9a-f]{32}\.webp$/);
    const name = url.slice('/media/uploads/'.length);

    // In the bucket, re-encoded and stripped, under its name; nothing under DATA_DIR.
    const stored = await objectInBucket(name);
    expect(stored.contentType).toBe('image/webp');
    const meta = await sharp(stored.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(stored.bytes.includes('SECRET-OWNER-MARK')).toBe(false);
    expect(existsSync(join(t.env.DATA_DIR, 'uploads'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);

    // The same picture uploaded again is the same object: the name is made of the content.
    const again = await uploadFile(t.app, `/api/console/merchants/${merchantId}/photo/`, admin.headers, photo, { filename: 'again.jpg' });
    expect(again.json().photo_url).toBe(url);
  });

  it('serves a logo another instance stored in the shared bucket, and 404s a name the bucket does not hold', async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#11223344' } }).webp().toBuffer();
    const name = 'logo-0123456789abcdef0123456789abcdef.webp';
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: name, Body: logo, ContentType: 'image/webp' }));
    const served = await t.app.inject({ method: 'GET', url: `/media/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(logo)).toBe(true);

    const missing = await t.app.inject({ method: 'GET', url: '/media/uploads/photo-00000000000000000000000000000000.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No uploaded image has this name.' });
    expect((await t.app.inject({ method: 'GET', url: '/media/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('answers 503 saying so, and leaves the record as it was, when the bucket cannot be reached', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/console/merchants/${merchantId}/`, headers: admin.headers });
    expect(before.statusCode).toBe(200);
    await server.close();
    serverOpen = false;
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#225588' } }).png().toBuffer();
    const res = await uploadFile(t.app, `/api/console/merchants/${merchantId}/photo/`, admin.headers, picture, { filename: 'new.png', type: 'image/png' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: IMAGE_STORE_UNAVAILABLE });
    const after = await t.app.inject({ method: 'GET', url: `/api/console/merchants/${merchantId}/`, headers: admin.headers });
    expect(after.json().photo_url).toBe(before.json().photo_url);
  });
});
