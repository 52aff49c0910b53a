// How a page reaches the API: in-process through app.inject (no socket), or with API_URL a fetch
// to a separately deployed API (docs/operations.md "Production shape").
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

/** The paths that belong to the API; the page host answers everything else. */
export const API_PREFIXES = ['/api/', '/auth/'];

/** Whether a request path belongs to the API. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}

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

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, or a FormData sent as multipart/form-data (the console's image uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Hand the answer's body on as it arrives instead of collecting it first (a CSV download):
   * in-process the injected reply is read as a stream; with API_URL only the wait for the status
   * line is timed, not the body.
   */
  stream?: boolean;
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
export function apiFetcher(app: FastifyInstance, env: Env, request: FastifyRequest) {
  const base = forwardedHeaders(request);
  return async (path: string, init: ApiRequestInit = {}): Promise<Response> => {
    if (!isApiPath(path)) throw new Error(`Not an API path: ${path}`);
    const method = init.method ?? 'GET';
    const stream = init.stream === true;
    const headers: Record<string, string> = { ...base, accept: 'application/json', ...init.headers };
    let payload: string | Buffer | undefined;
    if (init.body instanceof FormData) {
      // Encoded once here (boundary and all), so app.inject and fetch send the same bytes.
      const encoded = new Response(init.body);
      headers['content-type'] = encoded.headers.get('content-type')!;
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (init.body !== undefined) {
      payload = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    if (env.API_URL) {
      const forwardedFor = [request.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
      const init = { method, headers: { ...headers, 'x-forwarded-for': forwardedFor }, body: typeof payload === 'string' || payload === undefined ? payload : new Uint8Array(payload) };
      if (!stream) return fetch(new URL(path, env.API_URL), { ...init, signal: AbortSignal.timeout(10_000) });
      // A download may take longer than 10 s to finish: only the wait for its status line is timed.
      const waiting = new AbortController();
      const timer = setTimeout(() => waiting.abort(new Error('The API did not answer within 10 s.')), 10_000);
      try {
        return await fetch(new URL(path, env.API_URL), { ...init, signal: waiting.signal });
      } finally {
        clearTimeout(timer);
      }
    }
    const inject = { method, url: path, headers, payload, remoteAddress: request.socket.remoteAddress ?? request.ip };
    const res = stream ? await app.inject({ ...inject, payloadAsStream: true }) : await app.inject(inject);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, String(v));
      else responseHeaders.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    if (stream) {
      const body = res.stream();
      if (empty) body.destroy();
      return new Response(empty ? null : (Readable.toWeb(body) as ReadableStream<Uint8Array>), { status: res.statusCode, headers: responseHeaders });
    }
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}
