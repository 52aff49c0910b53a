// Between Fastify and the web app's request handler: the visitor's request as a Fetch Request,
// and the rendered Response sent back with the page's headers (CSP, caching), compressed and
// streamed.
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressWhole, flushingCompressor, htmlEncoding, type PageEncoding } from './compression.ts';
import { withNonce } from './page-cache.ts';
import { pageContentSecurityPolicy } from './page-security.ts';
import { available, coalesced, joined } from './streaming.ts';

/** The visitor's request as the web app's handler takes it; `signal` aborts the render. */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const origin = `${request.protocol}://${request.host || 'localhost'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Buffer) {
    init.body = new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    init.duplex = 'half';
  }
  // Joined, not resolved: a path such as "//host/x" stays a path on our origin.
  return new Request(new URL(`${origin}${request.url}`), init);
}

export interface PageAnswerOptions {
  mapStyleOrigin?: string | undefined;
  /**
   * Called with a complete 200 HTML page that sets no cookie (its status, headers and uncompressed
   * bytes), before it is sent: the page cache keeps it (page-cache.ts).
   */
  onCompletePage?: (page: { status: number; headers: [string, string][]; html: Buffer }) => void;
}

/** The headers every HTML page answer gets: its nonce's CSP, private caching, Vary. */
function pageHeaders(reply: FastifyReply, nonce: string, options: PageAnswerOptions, hasCacheControl: boolean): void {
  reply.header('content-security-policy', pageContentSecurityPolicy(nonce, options));
  // Pages depend on the visitor's cookies (place, consent) and carry a one-time nonce.
  if (!hasCacheControl) reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'Cookie, Accept-Encoding');
}

/** A complete body as one buffer with its Content-Length, compressed in one go; it leaves in one socket write. */
async function sendWhole(reply: FastifyReply, whole: Buffer, encoding: PageEncoding | undefined): Promise<FastifyReply> {
  if (encoding) {
    whole = await compressWhole(whole, encoding);
    reply.header('content-encoding', encoding);
  }
  reply.header('content-length', whole.length);
  // A stream, not the buffer itself, so nothing hashes a one-time page for an ETag.
  return reply.send(Readable.from([whole], { objectMode: false }));
}

/** Sends a page kept by the page cache, with `nonce` in it and in its CSP. */
export function sendKeptPage(reply: FastifyReply, page: { status: number; headers: [string, string][]; parts: Buffer[] }, nonce: string, options: PageAnswerOptions = {}): Promise<FastifyReply> {
  reply.status(page.status);
  let hasCacheControl = false;
  for (const [name, value] of page.headers) {
    if (name === 'cache-control') hasCacheControl = true;
    reply.header(name, value);
  }
  pageHeaders(reply, nonce, options, hasCacheControl);
  return sendWhole(reply, withNonce(page.parts, nonce), htmlEncoding(reply.request.headers['accept-encoding']));
}

/** Sends the web app's answer; an HTML page gets the CSP of its `nonce`. */
export async function sendWebResponse(reply: FastifyReply, response: Response, nonce: string, options: PageAnswerOptions = {}): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const type = response.headers.get('content-type') ?? '';
  const html = type.startsWith('text/html');
  if (html) pageHeaders(reply, nonce, options, response.headers.has('cache-control'));
  if (!response.body) return reply.send();
  const encoding = html ? htmlEncoding(reply.request.headers['accept-encoding']) : undefined;
  const reader = (response.body as NodeReadableStream<Uint8Array>).getReader();
  const first = await available(reader);
  if (first.done) {
    // The whole body was there at once (a page is rendered before it is sent).
    const whole = joined(first.parts);
    if (html && response.status === 200 && cookies.length === 0 && options.onCompletePage) {
      options.onCompletePage({ status: response.status, headers: [...response.headers].filter(([name]) => name !== 'set-cookie'), html: whole });
    }
    return sendWhole(reply, whole, encoding);
  }
  const body = coalesced(reader, first.parts, first.next);
  if (!encoding) return reply.send(body);
  // Compressed as it streams, flushed chunk by chunk so streamed parts still reach the browser
  // as they are rendered.
  reply.removeHeader('content-length');
  reply.header('content-encoding', encoding);
  return reply.send(pipeline(body, flushingCompressor(encoding), () => {}));
}
