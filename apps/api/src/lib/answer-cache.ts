// A short-lived, in-process cache of whole public answers (docs/performance.md): the serialised
// body with its content type, Cache-Control and ETag, keyed by the request URL (path and query
// exactly as sent: the answer depends on nothing else). A route opts in with
// `config: { answerCache: true }`. A hit is sent from onRequest, before validation, the handler
// and serialisation; entries live `ttlMs` at most and all go when the catalogue changes
// (db/changes.ts). Only 200 answers to GET without an Authorization header are kept. `remember`
// keeps loaded rows the same way for answers that cannot be kept whole (callouts are shuffled per
// request: the rows are kept, not the order).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this route's 200 answers in the answer cache (public GETs whose answer depends only on the URL). */
    answerCache?: boolean;
    /**
     * The answer carries clock-dependent fields ("open now", catalogue/lib/open-now.ts): a kept
     * answer is not served after the wall-clock minute it was made in ends, so a cached list never
     * says "open" past a closing minute.
     */
    answerCacheToMinute?: boolean;
  }
}

interface Entry {
  at: number;
  body: string;
  contentType: string;
  cacheControl: string | undefined;
  etag: string | undefined;
  /** Not served from this time on (ms since the epoch): the next minute for clock-dependent answers. */
  until?: number | undefined;
}

/** The start of the minute after `ms` (ms since the epoch). */
export function nextMinute(ms: number): number {
  return Math.floor(ms / 60_000) * 60_000 + 60_000;
}

export interface AnswerCacheOptions {
  ttlMs: number;
  /** Largest total of cached bodies, in bytes (oldest entries go first). */
  maxBytes: number;
  /** False while changes may go unnoticed: nothing is served from or put into the cache. */
  isLive?: () => boolean;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly values = new Map<string, { at: number; value: Promise<unknown> }>();
  private bytes = 0;
  private generation = 0;
  private readonly options: AnswerCacheOptions;
  isLive: () => boolean;

  constructor(options: AnswerCacheOptions) {
    this.options = options;
    this.isLive = options.isLive ?? (() => true);
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.isLive();
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.at >= this.options.ttlMs || (entry.until !== undefined && now >= entry.until)) {
      this.delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /** The generation at the start of a request: an answer computed across a change is not kept. */
  currentGeneration(): number {
    return this.generation;
  }

  set(key: string, entry: Entry, generation: number): void {
    if (generation !== this.generation) return;
    const size = entry.body.length + key.length;
    if (size > this.options.maxBytes / 10) return;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(k, e);
    }
  }

  /**
   * The value `load` gives, kept under `key` like an answer (at most `ttlMs`, dropped on any
   * change, not kept while changes may go unnoticed). Concurrent callers share one load; a failed
   * load is not kept. The value is shared: callers must not change it.
   */
  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.values.get(key);
    if (hit && now - hit.at < this.options.ttlMs) return hit.value as Promise<T>;
    const value = load();
    const stored = { at: now, value };
    this.values.set(key, stored);
    value.catch(() => {
      if (this.values.get(key) === stored) this.values.delete(key);
    });
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.values.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + key.length;
  }
}

const GENERATION = Symbol('answerCacheGeneration');

function cacheable(request: FastifyRequest): boolean {
  // With a bearer token an answer may carry the member's own fields (contests' `entered`).
  return request.method === 'GET' && request.routeOptions.config?.answerCache === true && request.headers.authorization === undefined;
}

/**
 * Adds the cache's hooks to the root instance. Call it after the ETag and security-header
 * plugins: a hit then still gets their headers, and a fresh answer is kept with its ETag.
 */
export function installAnswerCache(app: FastifyInstance, cache: AnswerCache): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(request) || !cache.enabled) return;
    const hit = cache.get(request.url);
    if (!hit) {
      (request as unknown as Record<symbol, number>)[GENERATION] = cache.currentGeneration();
      return;
    }
    reply.header('content-type', hit.contentType);
    if (hit.cacheControl) reply.header('cache-control', hit.cacheControl);
    if (hit.etag) reply.header('etag', hit.etag);
    return reply.send(hit.body);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const generation = (request as unknown as Record<symbol, number | undefined>)[GENERATION];
    if (generation === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const contentType = reply.getHeader('content-type');
    const cacheControl = reply.getHeader('cache-control');
    const etag = reply.getHeader('etag');
    const at = Date.now();
    cache.set(
      request.url,
      {
        at,
        until: request.routeOptions.config?.answerCacheToMinute === true ? nextMinute(at) : undefined,
        body: payload,
        contentType: typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8',
        cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
        etag: typeof etag === 'string' ? etag : undefined,
      },
      generation,
    );
    return payload;
  });
}
