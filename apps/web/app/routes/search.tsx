// /search (SPEC.md 2 Routes: q, state, city, lat, lng, repeated filter, market, olat, olng): empty
// text goes to /browse/all. The place is the location query values, else the visitor's own
// coordinates (olat, olng), else the named market's office, else the visitor's saved place.
import { useState } from 'react';
import { redirect, useLoaderData } from 'react-router';
import { MARKET_IDS, MARKETS, type MarketId } from '@market/domain/markets';
import { SORT_ORDER } from '@market/domain/list-sort';
import { locationLabel } from '@market/domain/location-label';
import { MAX_SEARCH_CHARS, searchUrl } from '@market/domain/search-url';
import { toUserGeo, userGeoFromQuery } from '@market/domain/user-geo';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/search';
import { CategoryFilter } from '../components/category-filter.tsx';
import { ListControls } from '../components/list-controls.tsx';
import { MapToggle, ResultsMap } from '../components/map-view.tsx';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { NoResults, NothingValidNow, ResultList } from '../components/results.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { filterCategories, selectedFilters } from '../lib/server/filters.server.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange } from '../lib/ui/modal-links.ts';
import { offsetParam, pageListChoices, pageMapChoices, pageValidNow } from './browse.tsx';
import { pageUrl } from '../lib/page-url.ts';

export const loader = withApiErrors(async ({ request, context }: Route.LoaderArgs) => {
  const url = pageUrl(request);
  const params = url.searchParams;
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_CHARS);
  const filters = selectedFilters(params);
  const choices = pageListChoices(params);
  const validNow = pageValidNow(params);
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
  const map = pageMapChoices(url, context);
  const items = await apiFrom(context).search(q, geo, { category: filters, offset, order: choices.sort ? SORT_ORDER[choices.sort] : undefined, radius: choices.radius, validNow, bbox: map.bbox });
  return { q, geo, items, offsets: offset, filters, categories: filterCategories(null), choices, validNow, map };
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

const NO_OFFERS: OfferListItem[] = [];

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
      <ListControls choices={d.choices} relevance validNow={d.validNow} />
      <MapToggle map={d.map} />
      {d.items.length ? (
        <ResultList items={d.items} offset={d.offsets} label={`Results for ${d.q}`} busy={busy} renderMap={(offers) => <ResultsMap map={d.map} items={offers} place={d.geo} />} />
      ) : (
        <>
          <ResultsMap map={d.map} items={NO_OFFERS} place={d.geo} />
          {d.validNow ? (
            <NothingValidNow />
          ) : (
            <NoResults>
              <p>We couldn't find offers matching “{d.q}”.</p>
            </NoResults>
          )}
        </>
      )}
    </div>
  );
}
