// Serves the React Router app (apps/web) from the same origin as the API: hashed assets from
// build/client, every other non-API path through the server build (ARCHITECTURE.md); for
// `npm run dev`, from its sources through Vite's dev server instead. Each page
// request gets a CSP nonce and a load context whose `api` function reaches the API: in-process
// through app.inject (no socket) unless API_URL points at a separately deployed API.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlibConstants, createBrotliCompress, createGzip, gzip as gzipCallback } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import type { App } from './app.ts';
import { WEB_BUILD_DIR, WEB_DIR, WEB_SERVER_ENTRY } from './web-build.ts';
import type { Env } from './config/env.ts';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

const API_PREFIXES = ['/api/', '/auth/'];

/** Request headers passed on to the API so cookies, tokens, geo and rate limits see the real visitor. */
const FORWARDED_HEADERS = [
  'cookie',
  'authorization',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'cf-ipcity',
  'cf-region-code',
  'cf-iplatitude',
  'cf-iplongitude',
  'cf-ipcountry',
];

interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

/** The server bundle's entry (apps/web/server/app.ts). */
interface WebServerModule {
  build: ServerBuild;
  createRequestHandler: typeof createRequestHandler;
  createLoadContext(value: {
    nonce: string;
    publicUrl: string;
    secureCookies: boolean;
    api: (path: string, init?: ApiRequestInit) => Promise<Response>;
  }): RouterContextProvider;
}

export function isWebBuilt(): boolean {
  return existsSync(WEB_SERVER_ENTRY);
}

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
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

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(', ');
  }
  return out;
}

/**
 * How one page request reaches the API. In-process, the injected request carries the visitor's
 * socket address and forwarding headers, so the API computes the same client address (and trusts
 * the same proxies) as for a direct call. With API_URL, a plain fetch that names the visitor in
 * X-Forwarded-For (believed only if the API trusts this server as a proxy).
 */
export function apiFetcher(app: App, env: Env, request: FastifyRequest) {
  const base = forwardedHeaders(request);
  return async (path: string, init: ApiRequestInit = {}): Promise<Response> => {
    if (!API_PREFIXES.some((p) => path.startsWith(p))) throw new Error(`Not an API path: ${path}`);
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...base, accept: 'application/json', ...init.headers };
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (env.API_URL) {
      const forwardedFor = [request.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
      return fetch(new URL(path, env.API_URL), { method, headers: { ...headers, 'x-forwarded-for': forwardedFor }, body: payload, signal: AbortSignal.timeout(10_000) });
    }
    const res = await app.inject({
      method,
      url: path,
      headers,
      payload,
      remoteAddress: request.socket.remoteAddress ?? request.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, String(v));
      else responseHeaders.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}

/**
 * The page CSP (issue 6): scripts only with this request's nonce (and what they load, through
 * 'strict-dynamic'); images, styles, fonts and calls only from our own origin.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React renders style attributes (carousel transforms, dialog positioning).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Coupons print through a hidden iframe holding the fetched PDF (issue 7).
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

async function sendWebResponse(reply: FastifyReply, response: Response, nonce: string): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/html')) {
    reply.header('content-security-policy', pageContentSecurityPolicy(nonce));
    // Pages depend on the visitor's cookies (place, consent) and carry a one-time nonce.
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'Cookie, Accept-Encoding');
  }
  if (!response.body) return reply.send();
  const encoding = type.startsWith('text/html') ? htmlEncoding(reply.request.headers['accept-encoding']) : undefined;
  const reader = (response.body as NodeReadableStream<Uint8Array>).getReader();
  const first = await available(reader);
  if (first.done) {
    // The whole body was there at once (a page is rendered before it is sent): one buffer with
    // its Content-Length, compressed in one go, leaves in one socket write.
    let whole = joined(first.parts);
    if (encoding) {
      whole = await (encoding === 'br' ? brotliCompress(whole, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzip(whole, { level: 6 }));
      reply.header('content-encoding', encoding);
    }
    reply.header('content-length', whole.length);
    // A stream, not the buffer itself, so nothing hashes a one-time page for an ETag.
    return reply.send(Readable.from([whole], { objectMode: false }));
  }
  const body = coalesced(reader, first.parts, first.next);
  if (!encoding) return reply.send(body);
  // Pages compressed as they stream (issue 9: a 43 kB page is about 9 kB), flushed chunk by chunk
  // so streamed parts still reach the browser as they are rendered.
  reply.removeHeader('content-length');
  reply.header('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6, flush: zlibConstants.Z_SYNC_FLUSH });
  return reply.send(pipeline(body, compressor, () => {}));
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;
type ReadResult = ReadableStreamReadResult<Uint8Array>;

function joined(parts: Uint8Array[]): Buffer {
  if (parts.length === 1) return Buffer.from(parts[0]!.buffer, parts[0]!.byteOffset, parts[0]!.byteLength);
  return Buffer.concat(parts);
}

/**
 * The chunks a body has ready before the event loop moves on (setImmediate): all of them and
 * `done` when it ended by then, else those and the read still pending.
 */
async function available(reader: Reader): Promise<{ parts: Uint8Array[]; done: true; next?: undefined } | { parts: Uint8Array[]; done: false; next: Promise<ReadResult> }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let ticked = false;
  const tick = new Promise<null>((resolve) => setImmediate(() => {
    ticked = true;
    resolve(null);
  }));
  let next = reader.read();
  for (;;) {
    const result = ticked ? null : await Promise.race([next, tick]);
    if (result === null) return { parts, done: false, next };
    if (result.done) return { parts, done: true };
    parts.push(result.value);
    size += result.value.byteLength;
    next = reader.read();
    if (size >= 1024 * 1024) return { parts, done: false, next };
  }
}

/**
 * The rest of a body that did not come at once, as a Node stream whose chunks join what arrived
 * together (issue 9): React writes dozens of small chunks at a time, and sent one by one they
 * cost a socket write (and, compressed, a compressor flush) each. Chunks that arrive before the
 * event loop moves on (setImmediate) leave as one, so parts streamed later still go out as they
 * come. Backpressure is kept: nothing more is read while the consumer is full.
 */
function coalesced(reader: Reader, initial: Uint8Array[], pending: Promise<ReadResult>): Readable {
  let parts: Uint8Array[] = [...initial];
  let size = parts.reduce((n, p) => n + p.byteLength, 0);
  let next: Promise<ReadResult> | undefined = pending;
  let scheduled: NodeJS.Immediate | undefined;
  let reading = false;
  let done = false;
  const out = new Readable({
    read() {
      if (!reading && !done) void pump();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      reader.cancel(error ?? undefined).catch(() => {});
      callback(error);
    },
  });
  const flush = (): boolean => {
    scheduled = undefined;
    if (parts.length === 0) return true;
    const chunk = joined(parts);
    parts = [];
    size = 0;
    return out.push(chunk);
  };
  const pump = async () => {
    reading = true;
    try {
      if (parts.length && !flush()) return;
      for (;;) {
        const current = next ?? reader.read();
        next = undefined;
        const { value, done: ended } = await current;
        if (out.destroyed) return;
        if (ended) {
          if (scheduled) clearImmediate(scheduled);
          flush();
          done = true;
          out.push(null);
          return;
        }
        parts.push(value);
        size += value.byteLength;
        if (size >= 64 * 1024) {
          if (scheduled) clearImmediate(scheduled);
          if (!flush()) return;
        } else if (!scheduled) {
          scheduled = setImmediate(flush);
        }
      }
    } catch (error) {
      out.destroy(error as Error);
    } finally {
      reading = false;
    }
  };
  return out;
}

/** The compression a page answer uses: brotli or gzip when the browser accepts it. */
function htmlEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  const accepted = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i').test(value);
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

/** Largest body a page action takes (a form of a few text fields; no page takes files). */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;
/** The encodings an HTML form (and a React Router fetcher) posts in. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** host[:port]: a name or IPv4 address, or a bracketed IPv6 address (RFC 9110 7.2, RFC 3986 3.2.2). */
const HOST_HEADER = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** Whether a Host header names a host (and port) and nothing else: pages build their URL from it. */
export function isValidHost(host: string | undefined): host is string {
  if (!host || host.length > 300 || !HOST_HEADER.test(host)) return false;
  try {
    return new URL(`http://${host}/`).pathname === '/';
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send({ detail });
}

/**
 * The problem with a page action's body, or null when it is a form React Router can read. Checked
 * here, once for every action, so a body no action could read is a 4xx with a message rather than
 * an exception inside the action (a 5xx).
 */
async function formBodyProblem(request: FastifyRequest): Promise<{ status: number; detail: string } | null> {
  const type = request.headers['content-type'] ?? '';
  const mediaType = type.split(';', 1)[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { status: 415, detail: 'Send the form as application/x-www-form-urlencoded or multipart/form-data.' };
  const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  try {
    await new Response(body, { headers: { 'content-type': type } }).formData();
    return null;
  } catch {
    return { status: 400, detail: 'The form could not be read.' };
  }
}

interface MountWebOptions {
  /**
   * Serves the web app from its sources through Vite's dev server (hot reload), for `npm run dev`;
   * otherwise from the production build.
   */
  dev?: boolean;
}

/** The web app's server entry, from the build, or through Vite's dev server for development. */
interface WebSource {
  load(): Promise<WebServerModule>;
  /** Vite's own handlers (modules, styles, /@vite/client), tried before the pages in development. */
  middlewares?: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
}

async function webSource(app: App, dev: boolean): Promise<WebSource | null> {
  if (!dev) {
    if (!isWebBuilt()) return null;
    const web = (await import(pathToFileURL(WEB_SERVER_ENTRY).href)) as WebServerModule;
    return { load: async () => web };
  }
  const vite = await import('vite');
  const server = await vite.createServer({
    root: WEB_DIR,
    configFile: `${WEB_DIR}vite.config.ts`,
    appType: 'custom',
    // Hot reload's socket shares the app's port.
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook('onClose', async () => server.close());
  return {
    // Loaded per request, so an edit shows on the next page load (and through hot reload).
    load: async () => (await server.ssrLoadModule(`${WEB_DIR}server/app.ts`)) as WebServerModule,
    middlewares: server.middlewares,
  };
}

/** Mounts the web app when it is built (or, in development, from its sources); otherwise `/` says how to build it. */
export async function mountWeb(app: App, options: MountWebOptions = {}): Promise<void> {
  const dev = options.dev === true;
  const source = await webSource(app, dev);
  if (!source) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>Marketplace</title><p>The web app is not built. Run <code>npm run build</code>.</p>'),
    );
    return;
  }
  const env = app.deps.env;
  const mode = env.NODE_ENV === 'development' ? 'development' : 'production';
  const production = dev ? null : await source.load();
  const productionHandler = production ? production.createRequestHandler(production.build, mode) : null;
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');

  if (!dev) {
    await app.register(fastifyStatic, {
      root: `${WEB_BUILD_DIR}client`,
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed assets have .br and .gz copies from the build (scripts/compress-assets.ts).
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const pages = async (scope: App) => {
    // A page action's body is read whole, up to its cap (413 before more is read), and handed to
    // React Router, which parses the form.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
    const { middlewares } = source;
    if (middlewares) {
      scope.addHook('onRequest', (request, reply, done) => {
        if (API_PREFIXES.some((p) => request.url.startsWith(p))) return done();
        middlewares(request.raw, reply.raw, (error) => done(error as Error | undefined));
      });
    }
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        if (API_PREFIXES.some((p) => request.url.startsWith(p))) {
          return refuse(reply, 404, 'Not found.');
        }
        // Pages build their own URL from the Host header (links, redirects, same-origin checks).
        if (request.host && !isValidHost(request.host)) return refuse(reply, 400, 'The Host header is not valid.');
        if (BODY_METHODS.has(request.method)) {
          const problem = await formBodyProblem(request);
          if (problem) return refuse(reply, problem.status, problem.detail);
        }
        const controller = new AbortController();
        // Stops rendering for a visitor who left; after a complete answer there is nothing to stop
        // (and an abort costs a DOMException with its stack on every page).
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const nonce = randomBytes(16).toString('base64');
        const web = production ?? (await source.load());
        const context = web.createLoadContext({
          nonce,
          publicUrl,
          secureCookies: publicUrl.startsWith('https:'),
          api: apiFetcher(app, env, request),
        });
        const handle = productionHandler ?? web.createRequestHandler(web.build, mode);
        const response = await handle(toWebRequest(request, controller.signal), context);
        return sendWebResponse(reply, response, nonce);
      },
    });
  };
  await app.register(pages);
}
