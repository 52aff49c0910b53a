import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/page-layout.tsx', [
    index('routes/home.tsx'),
    route('browse/:slug', 'routes/browse.tsx'),
    route('search', 'routes/search.tsx'),
    route('contests', 'routes/contests.tsx'),
    route('merchants/:merchantSlug/:locationId?', 'routes/merchant.tsx'),
    route('login', 'routes/auth-page.tsx', { id: 'login' }),
    route('signup', 'routes/auth-page.tsx', { id: 'signup' }),
    route('membership', 'routes/auth-page.tsx', { id: 'membership' }),
    route('login/recover', 'routes/recover.tsx'),
    route('login/reset', 'routes/reset.tsx'),
    route('verify', 'routes/verify.tsx'),
    route('user/account', 'routes/account.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('location', 'routes/location.ts'),
  route('preferences', 'routes/preferences.ts'),
  route('forms/:kind', 'routes/forms.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
