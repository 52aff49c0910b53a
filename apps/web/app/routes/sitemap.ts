// sitemap.xml: the home page, browse pages, contests, the business, company, marketing and blog
// pages, and the merchant location pages near each market's office (the first pages of GET /api/locations/ per market; cached for an hour).
import { BROWSE_SLUGS } from '@market/domain/categories';
import { MARKETS } from '@market/domain/markets';
import { toUserGeo } from '@market/domain/user-geo';
import type { Route } from './+types/sitemap';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { listPosts } from '../lib/server/blog.server.ts';
import { MARKETING_PAGES } from '../lib/content/marketing-pages.ts';
import { webRequestContext } from '../lib/server/request-context.ts';

const LOCATIONS_PER_MARKET = 100;
/** The business, company, marketing and blog pages. */
const CONTENT_PATHS = [
  '/business',
  '/business?category=homepros',
  '/business/print',
  '/business/digital',
  '/business/resources',
  '/business/certification',
  '/about',
  '/presskit',
  '/careers',
  '/contact',
  '/contact?citycontact=chicago',
  '/contact?citycontact=minneapolis',
  '/contact?citycontact=florida',
  '/terms',
  '/privacy',
  ...MARKETING_PAGES.map((p) => `/${p.path}`),
  '/blog',
  ...listPosts().map((p) => `/blog/${p.slug}`),
];

let cache: { at: number; origin: string; xml: string } | null = null;

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const loader = withApiErrors(async ({ context }: Route.LoaderArgs) => {
  const { publicUrl } = context.get(webRequestContext);
  if (!cache || cache.origin !== publicUrl || Date.now() - cache.at > 3_600_000) {
    const api = apiFrom(context);
    const paths = new Set<string>(['/', '/browse/all', '/contests', ...BROWSE_SLUGS.map((s) => `/browse/${s}`), '/browse/locations', ...CONTENT_PATHS]);
    const lists = await Promise.all(
      Object.values(MARKETS).map((m) => api.locations(toUserGeo({ city: m.address.city, state: m.state, lat: m.lat, lng: m.lng })!, { limit: LOCATIONS_PER_MARKET })),
    );
    for (const list of lists) for (const loc of list) if (loc.merchant_slug && loc.id) paths.add(`/merchants/${encodeURIComponent(loc.merchant_slug)}/${loc.id}`);
    const urls = [...paths].map((p) => `  <url><loc>${escapeXml(`${publicUrl}${p}`)}</loc></url>`).join('\n');
    cache = { at: Date.now(), origin: publicUrl, xml: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n` };
  }
  return new Response(cache.xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
});
