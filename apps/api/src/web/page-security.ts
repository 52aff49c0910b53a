// What a page answer and a page request must satisfy: the page Content-Security-Policy, and a
// Host header that names a host (pages build their own URL from it).

/**
 * The page CSP (docs/security.md "Headers"): scripts only with this request's nonce (and what they
 * load, through 'strict-dynamic'); images, styles, fonts and calls only from our own origin.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React renders style attributes (carousel transforms, dialog positioning).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Coupons print through a hidden iframe holding the fetched PDF (SPEC.md 2 Routes: /api/pdf).
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** host[:port]: a name or IPv4 address, or a bracketed IPv6 address (RFC 9110 7.2, RFC 3986 3.2.2). */
const HOST_HEADER = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** Whether a Host header names a host (and port) and nothing else: pages build their URL from it. */
export function isValidHost(host: string | undefined): host is string {
  if (!host || host.length > 300 || !HOST_HEADER.test(host)) return false;
  try {
    return new URL(`http://${host}/`).pathname === '/';
  } catch {
    return false;
  }
}
