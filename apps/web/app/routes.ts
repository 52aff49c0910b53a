import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { MARKETING_PAGES } from './lib/content/marketing-pages.ts';

export default [
  layout('routes/page-layout.tsx', [
    index('routes/home.tsx'),
    route('browse/:slug', 'routes/browse.tsx'),
    route('search', 'routes/search.tsx'),
    route('contests', 'routes/contests.tsx'),
    route('contests/:entityId/draws', 'routes/contest-draws.tsx'),
    route('merchants/:merchantSlug/:locationId?', 'routes/merchant.tsx'),
    route('login', 'routes/auth-page.tsx', { id: 'login' }),
    route('signup', 'routes/auth-page.tsx', { id: 'signup' }),
    route('membership', 'routes/auth-page.tsx', { id: 'membership' }),
    route('login/recover', 'routes/recover.tsx'),
    route('login/reset', 'routes/reset.tsx'),
    route('verify', 'routes/verify.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('user/account', 'routes/account.tsx'),
    // The advertising area, company and marketing pages, blog and public forms (docs/operations.md
    // "Site content").
    route('business', 'routes/business.tsx'),
    route('business/print', 'routes/business-print.tsx'),
    route('business/digital', 'routes/business-digital.tsx'),
    route('business/resources', 'routes/business-resources.tsx'),
    route('business/certification', 'routes/business-certification.tsx'),
    route('about', 'routes/about.tsx'),
    route('presskit', 'routes/presskit.tsx'),
    route('careers', 'routes/careers.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('terms', 'routes/legal.tsx', { id: 'legal-terms' }),
    route('privacy', 'routes/legal.tsx', { id: 'legal-privacy' }),
    ...MARKETING_PAGES.map((page) => route(page.path, 'routes/marketing.tsx', { id: `marketing-${page.path}` })),
    route('forms/:kind', 'routes/forms.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The staff console: its own shell and styles, nothing shared with the saver pages' chunks.
  layout('routes/console/layout.tsx', [
    route('console', 'routes/console/dashboard.tsx'),
    route('console/login', 'routes/console/login.tsx'),
    route('console/logout', 'routes/console/logout.tsx'),
    route('console/invitation', 'routes/console/invitation.tsx'),
    route('console/enrol', 'routes/console/enrol.tsx'),
    route('console/sessions', 'routes/console/sessions.tsx'),
    // A console page that does not exist (yet) answers 404 inside the console's shell.
    route('console/*', 'routes/console/not-found.tsx'),
  ]),
  route('location', 'routes/location.ts'),
  route('preferences', 'routes/preferences.ts'),
  route('blog/rss.xml', 'routes/blog-rss.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
