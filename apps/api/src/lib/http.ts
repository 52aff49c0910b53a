// Small HTTP helpers shared by route files.
import type { FastifyReply } from 'fastify';

/**
 * Marks a public GET answer as cacheable by browsers and CDNs (docs/performance.md: Cache-Control
 * and ETag a CDN can use; the ETag itself is added by @fastify/etag).
 */
export function publicCache(reply: FastifyReply, maxAgeSeconds = 60, sharedMaxAgeSeconds = maxAgeSeconds * 5): FastifyReply {
  return reply.header(
    'cache-control',
    `public, max-age=${maxAgeSeconds}, s-maxage=${sharedMaxAgeSeconds}, stale-while-revalidate=${sharedMaxAgeSeconds}`,
  );
}

/** Member data must never be stored by a cache (docs/security.md). */
export function privateNoStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store');
}
