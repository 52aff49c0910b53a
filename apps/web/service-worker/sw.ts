// The service worker (docs/decisions.md "Offline wallet"): the app shell precached at build time
// (scripts/build-service-worker.ts injects the list), hashed assets kept once fetched, and the
// saved-coupons page answered from the last copy when the network is gone. Member data never goes
// through these caches: the API answers it `private, no-store`, which is never stored here; the
// page keeps its own per-member copy in IndexedDB (app/lib/member/offline-wallet.ts).
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** The pages that open offline (docs/decisions.md "Offline wallet"). */
const SAVED_PAGE = '/user/saved';
const OFFLINE_PAGES = new Set([SAVED_PAGE]);

/** Caches named here are emptied at sign-out (the page posts 'clear-member-caches'). */
const PAGES_CACHE = 'pages';

/** The saved page is kept however the member reached it (a client-side link too): compared by URL alone. */
const PAGE_MATCH: CacheQueryOptions = { ignoreVary: true, ignoreSearch: true };

const isNoStore = (response: Response) => /(^|,)\s*no-store/i.test(response.headers.get('cache-control') ?? '');

/** Never stores an answer its server marked no-store (member answers of the API are). */
const respectNoStore: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (isNoStore(response) ? null : response),
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      // Hashed file names never change content: kept once fetched, so a page visited online
      // hydrates offline with every chunk it loaded on demand (the QR code, dialogs).
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: new CacheFirst({
        cacheName: 'assets',
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 }), respectNoStore],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && OFFLINE_PAGES.has(url.pathname.replace(/\/+$/, '')),
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 5,
        matchOptions: PAGE_MATCH,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), respectNoStore],
      }),
    },
    {
      // The installed app starts at / (the web manifest's start_url), which is not kept: offline it
      // goes on to the member's kept saved coupons, or says it is offline and links to them.
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname === '/',
      handler: async ({ request }) => {
        try {
          return await fetch(request);
        } catch (error) {
          const kept = await (await caches.open(PAGES_CACHE)).match(SAVED_PAGE, PAGE_MATCH);
          if (kept) return Response.redirect(new URL(SAVED_PAGE, self.location.origin).href, 302);
          if (!(error instanceof TypeError)) throw error;
          return offlinePage();
        }
      },
    },
    {
      // React Router's route discovery for the links those pages draw (public, same for everyone).
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/__manifest',
      handler: new NetworkFirst({
        cacheName: 'route-manifest',
        networkTimeoutSeconds: 5,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 30 }), respectNoStore],
      }),
    },
  ],
});

/** A page for / with no network and no kept saved coupons (no script, no assets needed). */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline · LocalSaver</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:2rem 1rem;color:#1a1a1a}a{color:#00695f}</style></head>
<body><main><h1>You are offline</h1><p>This page needs the network. Coupons you saved and opened on this device while signed in still open offline.</p>
<p><a href="${SAVED_PAGE}">Open my saved coupons</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** Sign-outs seen: a copy fetched for a member who signed out meanwhile is not stored. */
let clears = 0;

/**
 * Fetches the saved coupons page as a document, with the member's cookies, and keeps it, so it
 * opens offline however the member reached it (the drawer's link navigates inside the app and
 * never loads it as a document). 'missing': a member's page asked, and no copy is kept yet (a copy
 * kept is refreshed whenever the page loads as a document). 'refresh': a new release refreshes a
 * copy already kept, and starts none (no member is known to be signed in).
 */
async function keepSavedPage(when: 'missing' | 'refresh'): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  const kept = Boolean(await cache.match(SAVED_PAGE, PAGE_MATCH));
  if (kept !== (when === 'refresh')) return;
  const seen = clears;
  try {
    const response = await fetch(SAVED_PAGE, { credentials: 'same-origin', headers: { accept: 'text/html' }, cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || response.redirected || !type.includes('text/html') || isNoStore(response)) return;
    if (seen === clears) await cache.put(SAVED_PAGE, response);
  } catch {
    // Offline or the server is away: the copy kept before (if any) stays.
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'clear-member-caches') {
    clears += 1;
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
  // A signed-in member's page asks for it (app/lib/member/offline-pages.ts).
  if (type === 'keep-member-pages') event.waitUntil(keepSavedPage('missing'));
});

// A new release: the kept page names the old release's files; refresh it for the new one.
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(keepSavedPage('refresh'));
});

serwist.addEventListeners();
