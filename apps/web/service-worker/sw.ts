// The service worker (docs/decisions.md "Offline wallet"): the app shell precached at build time
// (scripts/build-service-worker.ts injects the list), hashed assets kept once fetched, and the
// saved-coupons page answered from the last copy when the network is gone. Member data never goes
// through these caches: the API answers it `private, no-store`, which is never stored here; the
// page keeps its own per-member copy in IndexedDB (app/lib/member/offline-wallet.ts).
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** The pages that open offline (docs/decisions.md "Offline wallet"). */
const OFFLINE_PAGES = new Set(['/user/saved']);

/** Caches named here are emptied at sign-out (the page posts 'clear-member-caches'). */
const PAGES_CACHE = 'pages';

/** Never stores an answer its server marked no-store (member answers of the API are). */
const respectNoStore: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (/(^|,)\s*no-store/i.test(response.headers.get('cache-control') ?? '') ? null : response),
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
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), respectNoStore],
      }),
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

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'clear-member-caches') event.waitUntil(caches.delete(PAGES_CACHE));
});

serwist.addEventListeners();
