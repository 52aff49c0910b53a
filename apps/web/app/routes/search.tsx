// /search (SPEC.md 2 Routes: q, state, city, lat, lng, repeated filter, market, olat, olng): empty
// text goes to /browse/all. The place is the location query values, else the visitor's own
// coordinates (olat, olng), else the named market's office, else the visitor's saved place.
import { useState } from 'react';
import { redirect, useLoaderData } from 'react-router';
import { MARKET_IDS, MARKETS, type MarketId } from '@market/domain/markets';
import { locationLabel } from '@market/domain/location-label';
import { MAX_SEARCH_CHARS, searchUrl } from '@market/domain/search-url';
import { toUserGeo, userGeoFromQuery } from '@market/domain/user-geo';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/search';
import { CategoryFilter } from '../components/category-filter.tsx';
import { NoResults, ResultList } from '../components/results.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { filterCategories, selectedFilters } from '../lib/server/filters.server.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange } from '../lib/ui/modal-links.ts';
import { offsetParam } from './browse.tsx';

export const loader = withApiErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const params = url.searchParams;
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_CHARS);
  const filters = selectedFilters(params);
  const visitor = await visitorGeo(request, context);
  const market = params.get('market');
  const geo =
    userGeoFromQuery(params) ??
    toUserGeo({ lat: params.get('olat') ?? '', lng: params.get('olng') ?? '' }) ??
    (market && (MARKET_IDS as readonly string[]).includes(market)
      ? toUserGeo({ city: MARKETS[market as MarketId].address.city, state: MARKETS[market as MarketId].state, lat: MARKETS[market as MarketId].lat, lng: MARKETS[market as MarketId].lng })
      : null) ??
    visitor.geo;
  if (!q) {
    // SPEC.md 5: empty or whitespace text goes to /browse/all rather than /search.
    const target = new URL(searchUrl('', userGeoFromQuery(params), filters), 'http://internal.invalid');
    throw redirect(`${target.pathname}${target.search}`);
  }
  const offset = offsetParam(params);
  const items = await apiFrom(context).search(q, geo, { category: filters, offset });
  return { q, geo, items, offsets: offset, filters, categories: filterCategories(null) };
});

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  if (args.error) return errorPageMeta(args);
  const q = args.loaderData?.q ?? '';
  return buildMeta(args, {
    title: `Search results for ${q}`,
    description: `Local coupons and offers matching ${q}.`,
    path: `/search?q=${encodeURIComponent(q)}`,
    noindex: true,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function Search() {
  const d = useLoaderData<typeof loader>();
  const [busy, setBusy] = useState(false);
  return (
    <div className="container page">
      <div className="section-head">
        <h1 className="page-title">
          Results for “{d.q}” <span className="muted">{locationLabel(d.geo)}</span>
        </h1>
        <CategoryFilter categories={d.categories} selected={d.filters} onBusyChange={setBusy} />
      </div>
      {d.items.length ? (
        <ResultList items={d.items} offset={d.offsets} label={`Results for ${d.q}`} busy={busy} />
      ) : (
        <NoResults>
          <p>We couldn't find offers matching “{d.q}”.</p>
        </NoResults>
      )}
    </div>
  );
}
