// Rendered pages kept for anonymous visitors (docs/performance.md, docs/decisions.md "Page render
// cache"): a page that depends only on its URL, its host and the few cookies the document reads is
// rendered once and its bytes sent again, for PAGE_CACHE_SECONDS at most, with each answer's own CSP
// nonce put back in. Entries go with the answer cache's (they share its generation, bumped when the
// catalogue changes, and its liveness) and at the end of the wall-clock minute they were rendered
// in (pages say "open now"). Never kept or served: a request with an Authorization header or any
// cookie other than the ones below (a member's `auth`, a console or business session), or a
// visitor whose place comes from a fresh lookup (the answer sets the userGeo cookie); never kept:
// an answer other than a complete 200 HTML page, or one that sets a cookie.
import { GEO_COOKIE } from '@market/domain/constants';
import { TRACKING_COOKIE } from '@market/domain/tracking';
import type { FastifyRequest } from 'fastify';
import { nextMinute, type AnswerCache } from '../lib/answer-cache.ts';

/** Largest total of kept pages (a home page is about 45 kB). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** Cookies whose presence alone changes the document (apps/web/app/root.tsx: cookie banner, sign-up prompt). */
const PRESENCE_COOKIES = ['cookieConsent', 'previouslySignedUp', 'previouslyClosedSignUp'];
/** Cookies no server render reads (the tracking id goes with form posts, never into a page). */
const IGNORED_COOKIES = new Set([TRACKING_COOKIE]);

/** The staff console, the business centre and the redemption pages: never kept, whatever they send. */
const STAFF_PATH = /^\/(?:console|business\/centre|r)(?:[/.?]|$)/;

export interface KeptPage {
  at: number;
  until: number;
  generation: number;
  status: number;
  headers: [string, string][];
  /** The HTML split at each occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  size: number;
}

export interface PageCacheKey {
  key: string;
  /** The visitor has no userGeo cookie: the page is the same for all only when the place lookup finds nothing. */
  needsLookup: boolean;
}

/**
 * The cache key of a page request, or null when the answer may depend on who asks: only GETs
 * without an Authorization header whose cookies are all among those the key names.
 */
export function pageCacheKey(request: FastifyRequest): PageCacheKey | null {
  if (request.method !== 'GET' || request.headers.authorization !== undefined || STAFF_PATH.test(request.url)) return null;
  let geo: string | undefined;
  const present = new Set<string>();
  const header = request.headers.cookie;
  if (header) {
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      const name = (eq === -1 ? part : part.slice(0, eq)).trim();
      if (!name) continue;
      if (name === GEO_COOKIE) {
        // The first one wins, as in the web's own parseCookies.
        geo ??= part.slice(eq + 1).trim();
      } else if (PRESENCE_COOKIES.includes(name)) present.add(name);
      else if (!IGNORED_COOKIES.has(name)) return null;
    }
  }
  const flags = PRESENCE_COOKIES.map((name) => (present.has(name) ? '1' : '0')).join('');
  return { key: `${request.protocol}://${request.host}${request.url}\n${flags}\n${geo ?? ''}`, needsLookup: geo === undefined };
}

/** The HTML split at each occurrence of `nonce`, so another nonce can be put in its place. */
export function splitAtNonce(html: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(nonce, from, 'latin1'); at !== -1; at = html.indexOf(nonce, from, 'latin1')) {
    parts.push(html.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(html.subarray(from));
  // One copy of the page, not a view into a larger buffer it was read into.
  return parts.map((p) => Buffer.from(p));
}

/** The kept HTML with `nonce` wherever the render's nonce was. */
export function withNonce(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const n = Buffer.from(nonce, 'latin1');
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(n);
    out.push(part);
  });
  return Buffer.concat(out);
}

export class PageCache {
  private readonly entries = new Map<string, KeptPage>();
  private bytes = 0;

  private readonly answers: AnswerCache;
  private readonly ttlMs: number;
  private readonly maxBytes: number;

  constructor(answers: AnswerCache, ttlMs: number, maxBytes = PAGE_CACHE_BYTES) {
    this.answers = answers;
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
  }

  /** Off when the answer cache is off or cannot hear changes. */
  get enabled(): boolean {
    return this.ttlMs > 0 && this.answers.enabled;
  }

  /** The generation a render starts in: a page rendered across a change is not kept. */
  generation(): number {
    return this.answers.currentGeneration();
  }

  get(key: string): KeptPage | undefined {
    if (!this.enabled) return undefined;
    const page = this.entries.get(key);
    if (!page) return undefined;
    const now = Date.now();
    if (page.generation !== this.answers.currentGeneration() || now - page.at >= this.ttlMs || now >= page.until) {
      this.delete(key, page);
      return undefined;
    }
    return page;
  }

  set(key: string, page: Omit<KeptPage, 'at' | 'until' | 'size'>, at: number): void {
    if (!this.enabled || page.generation !== this.answers.currentGeneration()) return;
    const size = page.parts.reduce((n, p) => n + p.length, key.length);
    if (size > this.maxBytes / 10) return;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    this.entries.set(key, { ...page, at, until: nextMinute(at), size });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k, e);
    }
  }

  private delete(key: string, page: KeptPage): void {
    this.entries.delete(key);
    this.bytes -= page.size;
  }
}
