// A multipart/form-data body with one file part (and any text fields before it), as a browser sends
// an image upload.
import type { FastifyInstance } from 'fastify';

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  /** Text fields sent before the file, as a form lists them. */
  fields?: Record<string, string>;
}

/** `bytes` null: the text fields alone, no file part. */
export function multipart(bytes: Buffer | null, options: FilePart = {}): { payload: Buffer; contentType: string } {
  const boundary = `----test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(options.fields ?? {}).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (bytes) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'picture.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
    parts.push(Buffer.from(head), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file to `url` as the field `file` (or `options.field`). */
export function uploadFile(app: FastifyInstance, url: string, headers: Record<string, string> | undefined, bytes: Buffer, options: FilePart = {}) {
  const body = multipart(bytes, options);
  return app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}
