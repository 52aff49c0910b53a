// Serves the React Router app (apps/web) from the same origin as the API: hashed assets from
// build/client, every other non-API path through the server build; for
// `npm run dev`, from its sources through Vite's dev server instead. Each page request gets a CSP
// nonce and a load context whose `api` function reaches the API (in-process-api.ts). The rest of
// the page host sits beside this file: page-actions.ts (action bodies), page-security.ts (CSP,
// Host), page-response.ts with compression.ts and streaming.ts (sending the rendered answer),
// build.ts (the production build).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import { trustedProxyList } from '../config/env.ts';
import { compileTrust, mayLocate } from '../modules/geo/lib/user-location.ts';
import { WEB_BUILD_DIR, WEB_DIR, WEB_SERVER_ENTRY } from './build.ts';
import { apiFetcher, isApiPath, type ApiRequestInit } from './in-process-api.ts';
import { CROSS_SITE_ACTION_DETAIL, PAGE_BODY_LIMIT_BYTES, UPLOAD_ACTION_BODY_LIMIT_BYTES, UPLOAD_ACTION_PATHS, formBodyProblem, hasActionBody, isCrossSiteAction } from './page-actions.ts';
import { PageCache, pageCacheKey, splitAtNonce } from './page-cache.ts';
import { sendKeptPage, sendWebResponse, toWebRequest } from './page-response.ts';
import { isValidHost, MAP_WORKER_ASSET, mapWorkerContentSecurityPolicy, SERVICE_WORKER_CSP } from './page-security.ts';

/** The server bundle's entry (apps/web/server/app.ts). */
interface WebServerModule {
  build: ServerBuild;
  createRequestHandler: typeof createRequestHandler;
  createLoadContext(value: {
    nonce: string;
    publicUrl: string;
    secureCookies: boolean;
    mapStyleUrl?: string | undefined;
    api: (path: string, init?: ApiRequestInit) => Promise<Response>;
  }): RouterContextProvider;
}

function isWebBuilt(): boolean {
  return existsSync(WEB_SERVER_ENTRY);
}

/**
 * A CSP nonce: 128 random bits in base64url, whose characters no HTML or JSON escaping changes, so
 * the page cache finds every place a render put it.
 */
function newNonce(): string {
  // Drawn 256 at a time: one call to the system's generator costs more than its 16 bytes.
  if (noncePoolAt >= noncePool.length) {
    noncePool = randomBytes(16 * 256);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64url', noncePoolAt, noncePoolAt + 16);
  noncePoolAt += 16;
  return nonce;
}
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;

/** `api`, answering its first GET /api/userlocation/ with the lookup already made for this request. */
function reusingLookup(api: ApiFetch, lookup: Response, body: Buffer): ApiFetch {
  let unused = true;
  return (path, init) => {
    if (unused && path === '/api/userlocation/' && (init?.method ?? 'GET') === 'GET') {
      unused = false;
      return Promise.resolve(new Response(new Uint8Array(body), { status: lookup.status, headers: lookup.headers }));
    }
    return api(path, init);
  };
}

type ApiFetch = (path: string, init?: ApiRequestInit) => Promise<Response>;

function refuse(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send({ detail });
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

async function webSource(app: FastifyInstance, dev: boolean): Promise<WebSource | null> {
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
export async function mountWeb(app: FastifyInstance, options: MountWebOptions = {}): Promise<void> {
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
  const publicOrigin = new URL(publicUrl).origin;
  const mapStyleOrigin = env.MAP_STYLE_URL ? new URL(env.MAP_STYLE_URL).origin : undefined;

  if (!dev) {
    await app.register(fastifyStatic, {
      root: `${WEB_BUILD_DIR}client`,
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed assets have .br and .gz copies from the build (scripts/compress-assets.ts).
      preCompressed: true,
      setHeaders(res, path) {
        if (MAP_WORKER_ASSET.test(path)) res.header('content-security-policy', mapWorkerContentSecurityPolicy(mapStyleOrigin));
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker is checked for updates at every visit (its precache list names each release's files).
        else if (path.endsWith('/sw.js')) res.header('cache-control', 'no-cache').header('content-security-policy', SERVICE_WORKER_CSP);
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  // Not in development: an edited source shows on the next load.
  const pages = dev ? null : new PageCache(app.deps.answers, env.PAGE_CACHE_SECONDS * 1000);
  // What GET /api/userlocation/ may use: a request no source applies to is known to have no place.
  const locationSources = { isTrustedPeer: compileTrust(trustedProxyList(env)), geoIpConfigured: Boolean(env.MAXMIND_DB) };

  const pageRoutes = async (scope: FastifyInstance) => {
    // A page action's body is read whole, up to its cap (413 before more is read), and handed to
    // React Router, which parses the form.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
    const { middlewares } = source;
    if (middlewares) {
      scope.addHook('onRequest', (request, reply, done) => {
        if (isApiPath(request.url)) return done();
        middlewares(request.raw, reply.raw, (error) => done(error as Error | undefined));
      });
    }
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) {
      return refuse(reply, 404, 'Not found.');
    }
    // Pages build their own URL from the Host header (links, redirects, same-origin checks).
    if (request.host && !isValidHost(request.host)) return refuse(reply, 400, 'The Host header is not valid.');
    if (hasActionBody(request.method)) {
      if (isCrossSiteAction(request, publicOrigin)) return refuse(reply, 403, CROSS_SITE_ACTION_DETAIL);
      const problem = await formBodyProblem(request);
      if (problem) return refuse(reply, problem.status, problem.detail);
    }
    const nonce = newNonce();
    let api = apiFetcher(app, env, request);
    // An anonymous visitor's page may be one already rendered (page-cache.ts).
    let cacheKey = pages?.enabled ? pageCacheKey(request) : null;
    if (cacheKey?.needsLookup && mayLocate({ headers: request.headers, peerAddress: request.socket.remoteAddress }, locationSources)) {
      // Without a userGeo cookie the page is for the place the lookup finds: the same for everyone
      // only when it finds none (a found place is stored in a cookie, and that answer is not kept).
      // The render's own lookup gets this answer instead of asking again.
      const lookup = await api('/api/userlocation/');
      const body = Buffer.from(await lookup.arrayBuffer());
      if (lookup.status !== 200 || body.toString('latin1').trim() !== 'null') cacheKey = null;
      api = reusingLookup(api, lookup, body);
    }
    const kept = cacheKey ? pages?.get(cacheKey.key) : undefined;
    if (kept) return sendKeptPage(reply, kept, nonce, { mapStyleOrigin });
    const generation = pages?.generation() ?? 0;
    const controller = new AbortController();
    // Stops rendering for a visitor who left; after a complete answer there is nothing to stop
    // (and an abort costs a DOMException with its stack on every page).
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const web = production ?? (await source.load());
    const context = web.createLoadContext({
      nonce,
      publicUrl,
      secureCookies: publicUrl.startsWith('https:'),
      mapStyleUrl: env.MAP_STYLE_URL,
      api,
    });
    const handle = productionHandler ?? web.createRequestHandler(web.build, mode);
    const rendered = Date.now();
    const response = await handle(toWebRequest(request, controller.signal), context);
    const key = cacheKey?.key;
    return sendWebResponse(reply, response, nonce, {
      mapStyleOrigin,
      onCompletePage: key && pages ? (page) => pages.set(key, { status: page.status, headers: page.headers, parts: splitAtNonce(page.html, nonce), generation }, rendered) : undefined,
    });
    };
    scope.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', schema: { hide: true }, handler });
    // The upload actions alone (page-actions.ts UPLOAD_ACTIONS: every form with a file input) take
    // a body of the API's 5 MB (a route's bodyLimit wins over its parser's); their other methods,
    // and every other page, keep the 64 KB cap.
    for (const url of UPLOAD_ACTION_PATHS) scope.route({ method: 'POST', url, schema: { hide: true }, bodyLimit: UPLOAD_ACTION_BODY_LIMIT_BYTES, handler });
  };
  await app.register(pageRoutes);
}
