// /browse/all and /browse/{slug} (SPEC.md 2 Routes, Search and browse): offers near the visitor
// in a category (every main and home-pros slug), the category filter (repeated `filter`
// parameters), more results by offset, and the special-edition header of the page type. Also
// /browse/locations: location cards, where the has-offers filter is enabled.
import { useState } from 'react';
import { data, redirect, useLoaderData } from 'react-router';
import { BROWSE_SLUGS, CONTESTS_SLUG, HOME_PROS_CATEGORIES, MAIN_CATEGORIES } from '@market/domain/categories';
import { MAX_OFFSET } from '@market/domain/constants';
import { listChoices, SORT_ORDER, type ListChoices } from '@market/domain/list-sort';
import { locationLabel } from '@market/domain/location-label';
import { isMapView, parseMapBox } from '@market/domain/map-area';
import { detectPageType } from '@market/domain/page-type';
import { validNowChoice } from '@market/domain/valid-now-choice';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/browse';
import { CategoryFilter } from '../components/category-filter.tsx';
import { ListControls } from '../components/list-controls.tsx';
import { MapToggle, ResultsMap, type MapChoices } from '../components/map-view.tsx';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { webRequestContext } from '../lib/server/request-context.ts';
import { NoResults, NothingValidNow, ResultList } from '../components/results.tsx';
import { SpecialHeader } from '../components/special-header.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { filterCategories, selectedFilters } from '../lib/server/filters.server.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange, MODAL_KEYS } from '../lib/ui/modal-links.ts';
import { SPECIAL_EDITIONS } from '../lib/content/special-editions.ts';
import { useRootData } from '../root.tsx';
import { pageUrl } from '../lib/page-url.ts';

export function categoryTitle(slug: string): string {
  if (slug === 'all') return 'All Offers';
  if (slug === 'locations') return 'Browse By Location';
  const main = MAIN_CATEGORIES.find((c) => c.slug === slug) ?? HOME_PROS_CATEGORIES.find((c) => c.slug === slug);
  return main?.display ?? slug;
}

export function offsetParam(params: URLSearchParams): number {
  const raw = params.get('offset');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 0;
  return Math.min(Number(raw), MAX_OFFSET);
}

/** The sort and radius of a list page's query; an unknown value is a 400 naming its field. */
export function pageListChoices(params: URLSearchParams): ListChoices {
  const choices = listChoices(params);
  if ('field' in choices) throw data(`${choices.field}: ${choices.message}`, { status: 400 });
  return choices;
}

/** The "Valid right now" switch of a list page's query (`now=1`); an unknown value is a 400 naming it. */
export function pageValidNow(params: URLSearchParams): boolean {
  const choice = validNowChoice(params);
  if (typeof choice !== 'boolean') throw data(`${choice.field}: ${choice.message}`, { status: 400 });
  return choice;
}

/** The map view of a list page (docs/api.md "Map area"); a bad `bbox` is a 400 naming it. */
export function pageMapChoices(url: URL, context: Route.LoaderArgs['context']): MapChoices {
  const params = url.searchParams;
  const raw = params.get('bbox')?.trim() || undefined;
  if (raw) {
    const box = parseMapBox(raw);
    if ('message' in box) throw data(`bbox: ${box.message}`, { status: 400 });
  }
  return {
    view: isMapView(params) ? 'map' : 'list',
    bbox: raw,
    styleUrl: context.get(webRequestContext).mapStyleUrl ?? null,
    hrefs: {
      list: hrefWith(url, (p) => p.delete('view')),
      map: hrefWith(url, (p) => p.set('view', 'map')),
      all: hrefWith(url, (p) => {
        p.delete('bbox');
        p.delete('offset');
      }),
    },
  };
}

/** The page's URL changed, without a modal. */
function hrefWith(url: URL, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(url.search);
  for (const k of MODAL_KEYS) params.delete(k);
  change(params);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

export const loader = withApiErrors(async ({ request, context, params }: Route.LoaderArgs) => {
  const slug = params.slug.toLowerCase();
  const url = pageUrl(request);
  // Contests are a category of the lists (SPEC.md 3) but have their own page: send old and
  // guessed /browse/contests links there, with their location query.
  if (slug === CONTESTS_SLUG) throw redirect(`/contests${url.search}`, 301);
  if (slug !== 'all' && slug !== 'locations' && !BROWSE_SLUGS.includes(slug)) throw data('Not Found', { status: 404 });
  const choices = pageListChoices(url.searchParams);
  const validNow = pageValidNow(url.searchParams);
  const { geo } = await visitorGeo(request, context);
  const api = apiFrom(context);
  const filters = selectedFilters(url.searchParams);
  const offset = offsetParam(url.searchParams);
  const category = filters.length ? filters : slug === 'all' || slug === 'locations' ? [] : [slug];
  const categories = filterCategories(slug);
  if (slug === 'locations') {
    const hasOffers = url.searchParams.get('has_offers') === '1';
    let items = await api.locations(geo, { category, offset });
    if (hasOffers) items = items.filter((l) => l.entities.length > 0);
    return { slug, kind: 'locations' as const, items, offsets: offset, filters, categories, hasOffersEnabled: true };
  }
  // The auto special edition promises lease deals and test drives: car offers come first there.
  const order = choices.sort ? SORT_ORDER[choices.sort] : detectPageType(`/browse/${slug}`, geo.state) === 'Automotive' ? 'cars' : undefined;
  const map = pageMapChoices(url, context);
  const items = await api.entities(geo, { category, offset, order, radius: choices.radius, validNow, bbox: map.bbox });
  return { slug, kind: 'offers' as const, items, offsets: offset, filters, categories, hasOffersEnabled: false, choices, validNow, map };
});

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  if (args.error) return errorPageMeta(args);
  const slug = args.params.slug;
  const title = categoryTitle(slug);
  return buildMeta(args, {
    title: slug === 'all' ? 'All Coupons and Offers' : `${title} Coupons and Offers`,
    description: `${title} coupons and offers from local businesses near you.`,
    path: `/browse/${slug}`,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

const NO_OFFERS: OfferListItem[] = [];

export default function Browse() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const [busy, setBusy] = useState(false);
  const pageType = detectPageType(`/browse/${d.slug}`, root.geo.state);
  const homeProsGroup = HOME_PROS_CATEGORIES.some((c) => c.slug === d.slug) && d.slug !== 'home-improvement';
  const edition = SPECIAL_EDITIONS[pageType] ?? (homeProsGroup ? SPECIAL_EDITIONS.HomeImprovement : undefined);
  const title = categoryTitle(d.slug);
  const Heading = edition ? 'h2' : 'h1';
  return (
    <>
      {edition ? <SpecialHeader edition={edition} /> : null}
      <div className="container page">
        <div className="section-head">
          <Heading className="page-title">
            {title} <span className="muted">{locationLabel(root.geo)}</span>
          </Heading>
          <CategoryFilter categories={d.categories} selected={d.filters} hasOffersEnabled={d.hasOffersEnabled} onBusyChange={setBusy} />
        </div>
        {d.kind === 'offers' ? <ListControls choices={d.choices} validNow={d.validNow} /> : null}
        {d.kind === 'offers' ? <MapToggle map={d.map} /> : null}
        {d.items.length ? (
          <ResultList items={d.items} offset={d.offsets} label={`${title} results`} busy={busy} renderMap={d.kind === 'offers' ? (offers) => <ResultsMap map={d.map} items={offers} place={root.geo} /> : undefined} />
        ) : (
          <>
            {d.kind === 'offers' ? <ResultsMap map={d.map} items={NO_OFFERS} place={root.geo} /> : null}
            {d.kind === 'offers' && d.validNow ? <NothingValidNow /> : <NoResults />}
          </>
        )}
      </div>
    </>
  );
}
