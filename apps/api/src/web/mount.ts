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
import { WEB_BUILD_DIR, WEB_DIR, WEB_SERVER_ENTRY } from './build.ts';
import { apiFetcher, isApiPath, type ApiRequestInit } from './in-process-api.ts';
import { PAGE_BODY_LIMIT_BYTES, UPLOAD_ACTION_BODY_LIMIT_BYTES, UPLOAD_ACTION_PATHS, formBodyProblem, hasActionBody } from './page-actions.ts';
import { sendWebResponse, toWebRequest } from './page-response.ts';
import { isValidHost } from './page-security.ts';

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

function isWebBuilt(): boolean {
  return existsSync(WEB_SERVER_ENTRY);
}

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

  const pages = async (scope: FastifyInstance) => {
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
    };
    scope.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', schema: { hide: true }, handler });
    // The console's image uploads alone take a body of the API's 5 MB (a route's bodyLimit wins
    // over its parser's); their other methods, and every other page, keep the 64 KB cap.
    for (const url of UPLOAD_ACTION_PATHS) scope.route({ method: 'POST', url, schema: { hide: true }, bodyLimit: UPLOAD_ACTION_BODY_LIMIT_BYTES, handler });
  };
  await app.register(pages);
}
