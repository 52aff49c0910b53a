import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/page-layout.tsx', [
    index('routes/home.tsx'),
    route('browse/:slug', 'routes/browse.tsx'),
    route('search', 'routes/search.tsx'),
    route('contests', 'routes/contests.tsx'),
    route('merchants/:merchantSlug/:locationId?', 'routes/merchant.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('location', 'routes/location.ts'),
  route('preferences', 'routes/preferences.ts'),
  route('forms/:kind', 'routes/forms.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
