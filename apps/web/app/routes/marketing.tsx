// The marketing pages (SPEC.md 2 Routes): one module serves the five paths of lib/content/marketing-pages.ts.
// Each page sells its home-pros category: projects, advice, a few offers near the visitor (the
// same list as /browse/{category}), and the calls to action for homeowners and for pros.
import { data, Link, useLoaderData } from 'react-router';
import { locationLabel } from '@market/domain/location-label';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/marketing';
import { FeatureGrid, PageBanner } from '../components/content-page.tsx';
import { OfferCard } from '../components/offer-card.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { marketingPage } from '../lib/content/marketing-pages.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange } from '../lib/ui/modal-links.ts';
import { EXTERNAL } from '../lib/content/site.ts';
import { useRootData } from '../root.tsx';

const OFFERS_SHOWN = 6;

export const loader = withApiErrors(async ({ request, url, context }: Route.LoaderArgs) => {
  // The normalised URL: a client navigation asks for /kitchen-and-bath.data.
  const page = marketingPage(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!page) throw data('Not Found', { status: 404 });
  const { geo } = await visitorGeo(request, context);
  const offers = await apiFrom(context).entities(geo, { category: [page.category], limit: OFFERS_SHOWN });
  return { path: page.path, offers };
});

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  const page = marketingPage(args.loaderData?.path ?? '');
  if (!page) return errorPageMeta(args);
  return buildMeta(args, { title: page.title, description: page.description, path: `/${page.path}` });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function Marketing() {
  const { path, offers } = useLoaderData<typeof loader>();
  const root = useRootData();
  const page = marketingPage(path)!;
  return (
    <>
      <PageBanner eyebrow={page.title} title={page.headline} lead={page.lead}>
        <Link to={`/browse/${page.category}`} className="btn btn-light">
          See all offers
        </Link>
        <a href={EXTERNAL.estimates} rel="noopener" className="btn btn-outline">
          Get Estimates
        </a>
      </PageBanner>
      <div className="container page">
        <section aria-labelledby="mk-projects" className="section">
          <h2 id="mk-projects">Projects our pros take on</h2>
          <FeatureGrid label="Projects" items={page.projects.map((p) => ({ title: p, text: 'Compare offers and certified pros near you.' }))} />
        </section>
        <section aria-labelledby="mk-offers" className="section">
          <div className="section-head">
            <h2 id="mk-offers">Offers {locationLabel(root.geo)}</h2>
            <Link to={`/browse/${page.category}`}>See All</Link>
          </div>
          {offers.length ? (
            <ul className="card-grid" aria-label={`${page.title} offers`}>
              {offers.map((o) => (
                <li key={`${o.entitiable_id}-${o.location_id}`}>
                  <OfferCard offer={o} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">No offers in your area yet. Browse all offers or suggest a contractor we are missing.</p>
          )}
        </section>
        <div className="split section">
          <section aria-labelledby="mk-tips" className="panel">
            <h2 id="mk-tips">Before you hire</h2>
            <ul className="check-list">
              {page.tips.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="mk-pros" className="panel">
            <h2 id="mk-pros">Are you a pro?</h2>
            <p>Homeowners in our four markets look for certified pros: licensed where required, bonded when needed and insured.</p>
            <p>
              <Link to="/business/certification" className="btn btn-primary">
                Get certified
              </Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
