// Builds the Fastify app: the API of SPEC.md section 7 under /api and /auth. server.ts runs it;
// tests build it around a fresh database and use app.inject.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustedProxyList, type Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { watchCatalogueChanges } from './db/changes.ts';
import { AnswerCache, installAnswerCache } from './lib/answer-cache.ts';
import { installErrorHandling } from './lib/errors.ts';
import { registerModules } from './modules/index.ts';
import { namesChanged } from './modules/search/name-index.ts';

export interface AppDeps {
  env: Env;
  db: DbHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

/** Most bytes of answers the answer cache keeps (issue 9: the embedded server stays under 400 MB). */
const ANSWER_CACHE_BYTES = 24 * 1024 * 1024;

/** Largest JSON body any call accepts (issue 10: body size caps answer 413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const { env } = deps;
  const proxies = trustedProxyList(env);
  const app = Fastify({
    logger: options.logger === false || env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    // One line per request is noise at info level; errors are still logged with the request id.
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace' }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarded client addresses are believed only from configured proxies (issue 2, 10).
    trustProxy: proxies.length ? proxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(helmet, {
    // The API answers JSON, PDFs and the docs page; pages get their own nonce-based CSP.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(etag, { weak: true });
  await app.register(rateLimit, { global: false });

  // Whole public answers kept in process until the catalogue changes (issue 9; lib/answer-cache.ts).
  const answers = new AnswerCache({ ttlMs: env.ANSWER_CACHE_SECONDS * 1000, maxBytes: ANSWER_CACHE_BYTES });
  installAnswerCache(app, answers);
  const changes = await watchCatalogueChanges(deps.db, env.DATABASE_URL, (table) => {
    answers.clear();
    namesChanged(deps.db, table);
  });
  answers.isLive = changes.isLive;
  app.addHook('onClose', async () => changes.close());

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LocalSaver marketplace API',
        version: '1.0.0',
        description:
          'The provider API of SPEC.md section 7. Errors: a 4xx body maps each field to its messages (non-field problems under `detail`); a 5xx body is `{"detail": "There was an issue processing your request. Please try again later."}`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });

  await registerModules(app);
  return app;
}
