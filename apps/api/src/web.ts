// Serves the React Router app (apps/web) from the same origin as the API: hashed assets from
// build/client, every other non-API path through the server build (ARCHITECTURE.md).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { App } from './app.ts';

export const WEB_BUILD_DIR = fileURLToPath(new URL('../../web/build/', import.meta.url));
const SERVER_ENTRY = `${WEB_BUILD_DIR}server/index.js`;
const API_PREFIXES = ['/api/', '/auth/'];

export function isWebBuilt(): boolean {
  return existsSync(SERVER_ENTRY);
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
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = request.body as ReadableStream | BodyInit;
    init.duplex = 'half';
  }
  return new Request(new URL(request.url, origin), init);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  const { Readable } = await import('node:stream');
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** Mounts the web app when it is built; otherwise `/` says how to build it. */
export async function mountWeb(app: App): Promise<void> {
  if (!isWebBuilt()) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>Marketplace</title><p>The web app is not built. Run <code>npm run build</code>.</p>'),
    );
    return;
  }
  const build = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: `${WEB_BUILD_DIR}client`,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  await app.register(async (web) => {
    // Pages take forms and any body as a stream; React Router parses it.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        if (API_PREFIXES.some((p) => request.url.startsWith(p))) {
          return reply.status(404).type('application/json; charset=utf-8').send({ detail: 'Not found.' });
        }
        const controller = new AbortController();
        reply.raw.on('close', () => controller.abort());
        const response = await handle(toWebRequest(request, controller.signal));
        return sendWebResponse(reply, response);
      },
    });
  });
}
