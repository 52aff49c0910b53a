// Merchant location page /merchants/{merchant_slug}/{location_id} (SPEC.md 2): the location, its
// photos (a gallery, lightbox on demand), offers (all of them with offers=true, else the first four
// with 'See N more offers'), 'No Online Offers' when it has none, the merchant's other locations,
// and LocalBusiness JSON-LD (its photos as image, its offers as makesOffer).
// /merchants/{merchant_slug}/ lists the merchant's locations (or goes to the only one).
import { data, Link, redirect, useLoaderData } from 'react-router';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/merchant';
import { CertifiedBadge } from '../components/certified-badge.tsx';
import { SaveButton } from '../components/save-button.tsx';
import { LocationCard } from '../components/location-card.tsx';
import { PhotoGallery } from '../components/photo-gallery.tsx';
import { merchantHref, OfferGrid } from '../components/offer-card.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import type { LocationDetail } from '../lib/api/api-types.ts';
import { mapsHref } from '../lib/content/maps.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { parseId } from '@market/domain/ids';
import { keepListOnModalChange } from '../lib/ui/modal-links.ts';
import { plainText } from '@market/domain/html';
import { webRequestContext } from '../lib/server/request-context.ts';
import { useRootData } from '../root.tsx';
import { openingHoursSpecification } from '@market/domain/open-now';

const PREVIEW = 4;

export const loader = withApiErrors(async ({ request, context, params }: Route.LoaderArgs) => {
  const api = apiFrom(context);
  const url = new URL(request.url);
  const slug = params.merchantSlug;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(slug) || slug.length > 200) throw data('Not Found', { status: 404 });
  if (params.locationId === undefined) {
    const locations = await api.locationsOfMerchant(slug);
    if (locations.length === 1) throw redirect(`${merchantHref(slug, locations[0]!.id)}${url.search}`);
    if (!locations.length) throw data('Not Found', { status: 404 });
    return { kind: 'merchant' as const, slug, locations, location: null, others: [], showAll: false, description: '', hoursSpec: [], images: [] as string[], publicUrl: context.get(webRequestContext).publicUrl };
  }
  const id = parseId(params.locationId);
  const location = id ? await api.location(id) : null;
  if (!location) throw data('Not Found', { status: 404 });
  if (location.merchant_slug && location.merchant_slug !== slug) {
    // The canonical address names the location's own merchant.
    throw redirect(`${merchantHref(location.merchant_slug, location.id)}${url.search}`);
  }
  const others = (await api.locationsOfMerchant(location.merchant_slug || slug)).filter((l) => l.id !== location.id).slice(0, 12);
  return {
    kind: 'location' as const,
    slug,
    location,
    locations: [] as LocationDetail[],
    others,
    showAll: url.searchParams.get('offers') === 'true',
    description: plainText(location.merchant.about, 200),
    // schema.org hours for the JSON-LD, worked out here on the server (no hours code in the page's JS).
    hoursSpec: openingHoursSpecification(location.opening_hours_raw),
    // schema.org image, also worked out here: the business's photos first (search engines show them), then its logo.
    images: [...(location.photos ?? []).map((p) => p.url), ...(location.logo.path ? [location.logo.path] : [])].map((path) => `${context.get(webRequestContext).publicUrl}${path}`),
    publicUrl: context.get(webRequestContext).publicUrl,
  };
});

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return errorPageMeta(args);
  if (d.kind === 'merchant' || !d.location) {
    const name = d.locations[0]?.merchant_name ?? d.slug;
    return buildMeta(args, { title: `${name} Locations`, description: `Locations and coupons of ${name}.`, path: `/merchants/${d.slug}/` });
  }
  const loc = d.location;
  const path = merchantHref(loc.merchant_slug, loc.id);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: loc.merchant_name || loc.display_name,
    url: `${d.publicUrl}${path}`,
    ...(d.images.length ? { image: d.images } : {}),
    ...(loc.phone ? { telephone: loc.phone } : {}),
    address: { '@type': 'PostalAddress', streetAddress: [loc.address, loc.address2].filter(Boolean).join(' '), addressLocality: loc.city, addressRegion: loc.state, postalCode: loc.zip, addressCountry: 'US' },
    ...(loc.latitude != null && loc.longitude != null ? { geo: { '@type': 'GeoCoordinates', latitude: loc.latitude, longitude: loc.longitude } } : {}),
    ...(d.hoursSpec.length ? { openingHoursSpecification: d.hoursSpec } : {}),
    ...(loc.entities.length
      ? {
          makesOffer: loc.entities.slice(0, 20).map((o) => ({
            '@type': 'Offer',
            name: o.name,
            priceValidUntil: o.expires_at.slice(0, 10),
            validThrough: `${o.expires_at.slice(0, 10)}T23:59:59`,
            url: `${d.publicUrl}${path}/?o=${o.entitiable_id}`,
          })),
        }
      : {}),
  };
  return buildMeta(args, {
    title: `${loc.merchant_name || loc.display_name} in ${loc.city}, ${loc.state}`,
    description: d.description || `Coupons and offers from ${loc.merchant_name} at ${loc.address}, ${loc.city}, ${loc.state}.`,
    path,
    image: loc.logo.path,
    type: 'business.business',
    jsonLd,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function Merchant() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  if (d.kind === 'merchant' || !d.location) {
    return (
      <div className="container page">
        <h1 className="page-title">{d.locations[0]?.merchant_name ?? d.slug} Locations</h1>
        <ul className="card-grid">
          {d.locations.map((l) => (
            <li key={l.id}>
              <LocationCard location={l} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const loc = d.location;
  const offers = d.showAll ? loc.entities : loc.entities.slice(0, PREVIEW);
  const hidden = loc.entities.length - offers.length;
  const website = loc.website_url || loc.merchant.website;
  const address = [loc.address, loc.address2, loc.city, `${loc.state} ${loc.zip}`].filter((s) => s && s.trim()).join(', ');
  return (
    <div className="container page merchant-page">
      <section className="merchant-head" aria-labelledby="merchant-name">
        {loc.logo.path ? <img src={loc.logo.path} alt="" width={120} height={120} className="merchant-logo" /> : null}
        <div>
          <h1 id="merchant-name">{loc.merchant_name || loc.display_name}</h1>
          {loc.category ? <p className="muted">{loc.category.display}</p> : null}
          {loc.open_now != null ? (
            <p className="merchant-now" data-testid="open-now">
              <span className={loc.open_now ? 'is-open' : 'is-closed'}>{loc.open_now ? 'Open now' : 'Closed now'}</span>
              {loc.hours_label ? <span> · {loc.hours_label}</span> : null}
            </p>
          ) : null}
          <p>
            <a href={mapsHref([loc.address, loc.city, `${loc.state} ${loc.zip}`])} target="_blank" rel="noopener noreferrer">
              {address}
              <span className="visually-hidden"> (opens a map in a new tab)</span>
            </a>
          </p>
          <p className="row wrap">
            {loc.phone ? (
              <a href={`tel:${loc.phone.replace(/[^0-9+]/g, '')}`}>
                <span className="visually-hidden">Call </span>
                {loc.phone}
              </a>
            ) : null}
            <a href={mapsHref([loc.address, loc.city, `${loc.state} ${loc.zip}`])} target="_blank" rel="noopener noreferrer">
              Directions<span className="visually-hidden"> (opens a map in a new tab)</span>
            </a>
            {website ? (
              <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                Website
              </a>
            ) : null}
            {loc.menu_url ? (
              <a href={loc.menu_url} target="_blank" rel="noopener noreferrer nofollow">
                Menu
              </a>
            ) : null}
            {loc.booking_url ? (
              <a href={loc.booking_url} target="_blank" rel="noopener noreferrer nofollow">
                Book
              </a>
            ) : null}
            {loc.is_certified ? <CertifiedBadge /> : null}
            <SaveButton kind="location" id={loc.id} label={loc.merchant_name || loc.display_name} />
          </p>
        </div>
      </section>
      <PhotoGallery photos={loc.photos ?? []} name={loc.merchant_name || loc.display_name} />
      {loc.opening_hours && loc.open_now != null ? (
        <section aria-labelledby="hours-heading" className="section">
          <h2 id="hours-heading">Hours</h2>
          <table className="hours-table">
            <caption className="visually-hidden">Opening hours{loc.timezone ? ` (local time)` : ''}</caption>
            <tbody>
              {loc.opening_hours.map((row) => (
                <tr key={row.day} className={row.today ? 'today' : undefined} aria-current={row.today ? 'date' : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.today ? <span className="today-tag"> (today)</span> : null}
                  </th>
                  <td>{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {loc.merchant.about ? (
        <section aria-labelledby="about-heading" className="section">
          <h2 id="about-heading">About {loc.merchant_name}</h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: loc.merchant.about }} />
        </section>
      ) : null}
      <section id="offers" aria-labelledby="offers-heading" className="section">
        <h2 id="offers-heading">{d.showAll ? `All Offers from ${loc.merchant_name}` : 'Offers'}</h2>
        {loc.entities.length ? (
          <>
            <OfferGrid offers={offers} label={`Offers at ${loc.merchant_name}`} atItsLocation />
            {hidden > 0 ? (
              <p>
                <Link to={`${merchantHref(loc.merchant_slug, loc.id, true)}`} preventScrollReset>
                  See {hidden} more {hidden === 1 ? 'offer' : 'offers'}
                </Link>
              </p>
            ) : null}
          </>
        ) : (
          <p className="empty">No Online Offers</p>
        )}
      </section>
      {d.others.length ? (
        <section aria-labelledby="others-heading" className="section">
          <h2 id="others-heading">Other Locations</h2>
          <ul className="card-grid">
            {d.others.map((l) => (
              <li key={l.id}>
                <LocationCard location={l} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="muted small">Showing offers {root.geo.city ? `for visitors near ${root.geo.city}` : 'near you'}.</p>
    </div>
  );
}
