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

/**
 * Cache-Control for an answer with clock-dependent fields ("open now", docs/api.md): browsers and
 * CDNs may keep it only to the end of the current minute, with no stale serving.
 */
export function publicCacheToMinute(reply: FastifyReply, now: Date = new Date()): FastifyReply {
  const seconds = Math.max(1, 60 - now.getUTCSeconds());
  return reply.header('cache-control', `public, max-age=${seconds}, s-maxage=${seconds}`);
}

/** Member data must never be stored by a cache (docs/security.md). */
export function privateNoStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store');
}

/**
 * Sends a coupon preview PDF: private, never cached or indexed, shown inline in a frame of our own
 * pages only (the console's and the merchant centre's offer pages).
 */
export function sendPreviewPdf(reply: FastifyReply, rendered: { pdf: Buffer; filename: string }): FastifyReply {
  return privateNoStore(reply)
    .header('content-security-policy', "frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-disposition', `inline; filename="${rendered.filename}"`)
    .header('x-robots-tag', 'noindex')
    .type('application/pdf')
    .send(rendered.pdf);
}
