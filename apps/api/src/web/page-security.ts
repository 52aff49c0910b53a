// What a page answer and a page request must satisfy: the page Content-Security-Policy, and a
// Host header that names a host (pages build their own URL from it).

/**
 * The page CSP (docs/security.md "Headers"): scripts only with this request's nonce (and what they
 * load, through 'strict-dynamic'); images, styles, fonts and calls only from our own origin.
 * `mapStyleOrigin`: the origin of MAP_STYLE_URL, whose style, tiles and sprites the map view loads.
 */
export function pageContentSecurityPolicy(nonce: string, options: { mapStyleOrigin?: string | undefined } = {}): string {
  const map = options.mapStyleOrigin ? ` ${options.mapStyleOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React renders style attributes (carousel transforms, dialog positioning).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${map}`,
    "font-src 'self'",
    `connect-src 'self'${map}`,
    // The installable web app: its manifest and service worker, from our origin only.
    "manifest-src 'self'",
    // The service worker and the map view's MapLibre worker, script files of our own (a worker
    // would else fall back to script-src, whose nonce it cannot carry).
    "worker-src 'self'",
    // Coupons print through a hidden iframe holding the fetched PDF (SPEC.md 2 Routes: /api/pdf).
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The map view's worker script (maplibre-gl-worker-*.mjs among the built assets). */
export const MAP_WORKER_ASSET = /[\\/]maplibre-gl-worker-[\w-]+\.mjs$/;

/**
 * The CSP of the map's worker script. A worker runs under the policy its own script came with,
 * and every asset gets the API's `default-src 'none'`: the worker would be refused the basemap and
 * tiles it fetches. It may fetch from our origin (and MAP_STYLE_URL's), nothing else.
 */
export function mapWorkerContentSecurityPolicy(mapStyleOrigin?: string): string {
  return `default-src 'none'; connect-src 'self'${mapStyleOrigin ? ` ${mapStyleOrigin}` : ''}`;
}

/**
 * The service worker's own CSP (a worker runs under the policy of its script's answer): it only
 * fetches from our origin, to precache the shell and to keep what pages load.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

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
