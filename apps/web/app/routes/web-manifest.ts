// /manifest.webmanifest: the installable web app (docs/decisions.md "Offline wallet"), in the
// brand the page that links it was drawn in (?brand=twincities for the Twin Cities look, SPEC.md 1).
import { BRANDS } from '@market/domain/brand';
import type { Route } from './+types/web-manifest';

export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('brand');
  const brand = asked === 'twincities' ? BRANDS.twincities : BRANDS.default;
  const icons = brand.id === 'default' ? 'icon' : `icon-${brand.id}`;
  const manifest = {
    id: '/',
    name: brand.siteName,
    short_name: brand.siteName.replace('LocalSaver ', ''),
    description: `${brand.tagline}: local coupons and offers, saved to your phone.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brand.accent,
    icons: [
      { src: `/brand/${icons}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/brand/${icons}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/brand/${icons}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [{ name: 'My Saved Coupons', short_name: 'Saved', url: '/user/saved', icons: [{ src: `/brand/${icons}-192.png`, sizes: '192x192', type: 'image/png' }] }],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
