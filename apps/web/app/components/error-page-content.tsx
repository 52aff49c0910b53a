// The 404 page and the error page in the site's look, rendered by the root error
// boundary inside the header and footer (through error-page.tsx, which loads this file). The error page shows SPEC.md 8's generic text only:
// never the internal error.
import { Link, useRouteLoaderData } from 'react-router';
import { BRANDS, pageTitle, type BrandId } from '@market/domain/brand';
import { BROWSE_BUTTONS } from '../lib/content/site.ts';

export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  const title = notFound ? 'Page Not Found' : 'Something went wrong';
  const root = useRouteLoaderData('root') as { brandId?: BrandId } | undefined;
  return (
    <div className="container page error-page">
      <title>{pageTitle(title, BRANDS[root?.brandId ?? 'default'])}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">{notFound ? 'Error 404' : `Error ${status >= 400 && status < 600 ? status : 500}`}</p>
      <h1>{title}</h1>
      <p>{notFound ? "We couldn't find that page. It may have moved, or the offer may have expired." : 'There was an issue processing your request. Please try again later.'}</p>
      <p className="row row-wrap">
        <a href="/" className="btn btn-primary">
          Back to the home page
        </a>
        <a href="/browse/all" className="btn btn-outline">
          Browse all offers
        </a>
      </p>
      {notFound ? (
        <nav aria-labelledby="error-browse" className="section">
          <h2 id="error-browse">Browse coupons and offers</h2>
          <ul className="chip-list">
            {BROWSE_BUTTONS.filter((b) => !b.external).map((b) => (
              <li key={b.slug}>
                <Link to={b.href} className="chip">
                  {b.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact" className="chip">
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
