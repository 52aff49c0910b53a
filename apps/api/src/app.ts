// Builds the Fastify app: the API of SPEC.md 7 under /api and /auth. server.ts runs it;
// tests build it around a fresh database and use app.inject.
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmetMiddleware from 'helmet';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustedProxyList, type Env } from './config/env.ts';
import type { AppDeps } from './context.ts';
import { installDrain } from './lib/drain.ts';
import { watchCatalogueChanges } from './db/changes.ts';
import { AnswerCache, installAnswerCache } from './lib/answer-cache.ts';
import { installErrorHandling } from './lib/errors.ts';
import { installNulCharacterGuard } from './lib/text-input.ts';
import { ACCOUNT_DELETION_STEPS, MAIL_TEMPLATES, registerModules } from './modules/index.ts';
import { EventBuffer } from './modules/analytics/lib/event-buffer.ts';
import { createCatalogueState } from './modules/catalogue/lib/state.ts';
import { createMailQueue } from './modules/mail/service.ts';
import { createImageStore } from './modules/media/lib/image-store.ts';

export type App = FastifyInstance;

/**
 * Security headers of every API answer (docs/security.md "Headers"). The API answers JSON, PDFs and
 * the docs page; pages get their own nonce-based CSP (web/page-security.ts), and the PDF route sets
 * its own frame-ancestors.
 */
const API_HELMET_OPTIONS = {
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
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginResourcePolicy: { policy: 'same-site' as const },
};

/** The same headers for answers made before any hook runs (router-level rejections). */
const setSecurityHeaders = helmetMiddleware(API_HELMET_OPTIONS);
/**
 * Most bytes of answers the answer cache keeps (docs/performance.md: the embedded server stays
 * under 400 MB).
 */
const ANSWER_CACHE_BYTES = 24 * 1024 * 1024;

/** Largest JSON body any call accepts (docs/api.md "Limits": body size caps answer 413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Time limits of a connection, from REQUEST_TIMEOUT_SECONDS (the whole request, headers and body):
 * a client that sends its headers or body a byte at a time is cut off with 408 instead of holding
 * a connection for ever (Fastify's default request timeout is none). Node checks these limits
 * every `connectionsCheckingInterval`, so it is a fraction of the limit.
 */
export function connectionLimits(env: Env) {
  const requestTimeout = Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000);
  return {
    requestTimeout,
    // Time to send the headers; no browser needs more than seconds.
    headersTimeout: Math.min(requestTimeout, 10_000),
    connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.round(requestTimeout / 4))),
    // A socket with no traffic either way (a client that stopped reading an answer); longer than
    // Fastify's 72 s keep-alive, which outlasts a load balancer's idle timeout on purpose.
    connectionTimeout: Math.max(requestTimeout, 120_000),
  };
}

/** What the caller gives buildApp; the rest of the app's dependencies is made there. */
export type AppDepsInput = Pick<AppDeps, 'env' | 'db'> & Partial<Pick<AppDeps, 'catalogue'>>;

export async function buildApp(input: AppDepsInput, options: { logger?: boolean } = {}): Promise<App> {
  const { env, db } = input;
  const proxies = trustedProxyList(env);
  const limits = connectionLimits(env);
  const app = Fastify({
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    http: { headersTimeout: limits.headersTimeout, requestTimeout: limits.requestTimeout, connectionsCheckingInterval: limits.connectionsCheckingInterval },
    logger: options.logger === false || env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    // One line per request is noise at info level; errors are still logged with the request id.
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace' }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarded client addresses are believed only from configured proxies (docs/security.md).
    trustProxy: proxies.length ? proxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Router-level rejections answer in the SPEC.md 8 shape and never echo the URL back
    // (docs/security.md).
    frameworkErrors: (error, request, routerReply) => {
      setSecurityHeaders(request.raw, routerReply.raw, () => {});
      const reply = routerReply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).type('application/json; charset=utf-8').send({ detail: 'The address is too long.' });
      return reply.status(400).type('application/json; charset=utf-8').send({ detail: 'The request could not be understood.' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const deps: AppDeps = {
    env,
    db,
    catalogue: input.catalogue ?? createCatalogueState(),
    // Whole public answers kept in process until the catalogue changes (docs/performance.md;
    // lib/answer-cache.ts).
    answers: new AnswerCache({ ttlMs: env.ANSWER_CACHE_SECONDS * 1000, maxBytes: ANSWER_CACHE_BYTES }),
    mail: createMailQueue({ env, db }, MAIL_TEMPLATES, app.log),
    analytics: new EventBuffer(db, app.log),
    // Chosen once here, never per request (S3 when S3_BUCKET is set; modules/media/lib/image-store.ts).
    images: createImageStore(env),
    accountDeletionSteps: ACCOUNT_DELETION_STEPS,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => deps.images.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installNulCharacterGuard(app);
  installDrain(app);
  // Member data is never stored by a cache (docs/security.md): any answer to a call that carries a
  // token.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined || (request as { user?: unknown }).user) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  // Security headers on every answer, from the helmet middleware built once above
  // (docs/performance.md: @fastify/helmet builds a new helmet middleware, options parsing included,
  // on every request, and a page render makes five in-process API calls besides its own).
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(etag, { weak: true });
  // With REDIS_URL every instance counts in one shared store, so a limit reached through one
  // server holds on the others (docs/operations.md "Production shape"). Without it the
  // counts live in this process. A store that cannot answer lets the request through rather than
  // failing it (no 5xx from the limiter).
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, { global: false, skipOnError: true, ...(redis ? { redis, nameSpace: 'market-rl:' } : {}) });

  const { answers } = deps;
  installAnswerCache(app, answers);
  const changes = await watchCatalogueChanges(deps.db, env.DATABASE_URL, (table) => {
    answers.clear();
    deps.catalogue.names.changed(table);
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
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, storeDevice: { type: 'apiKey', in: 'header', name: 'X-Store-Device' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });

  await registerModules(app);
  return app;
}
