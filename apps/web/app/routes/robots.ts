// robots.txt: everything public is crawlable; API, auth and account pages are not.
import type { Route } from './+types/robots';
import { webRequestContext } from '../lib/server/request-context.ts';

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(webRequestContext);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /auth/', 'Disallow: /user/', 'Disallow: /login', 'Disallow: /search', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
