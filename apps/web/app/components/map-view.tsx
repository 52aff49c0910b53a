// The list/map toggle of the browse and search pages (docs/api.md "Map area"). `view=map` in the
// URL shows the map above the list, so the choice survives paging, sort and filters, and a shared
// link opens the same view. The map's code (MapLibre) is fetched only when the map is shown.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { useHydrated } from '../lib/ui/hooks.ts';

const OfferMap = lazy(() => import('./offer-map.tsx'));

/** The map choices of a page: the view, the searched box (`bbox`), the map style and the toggle's links. */
export interface MapChoices {
  view: 'list' | 'map';
  bbox: string | undefined;
  /** MAP_STYLE_URL; null draws the embedded basemap. */
  styleUrl: string | null;
  /** This page in the list view, in the map view, and without the searched box (made by the loader: no code for them here). */
  hrefs: { list: string; map: string; all: string };
}

/** 'List' and 'Map' (links: they work before the page's code has loaded), and 'Show all' after "Search this area". */
export function MapToggle({ map }: { map: MapChoices }) {
  const isMap = map.view === 'map';
  return (
    <div className="map-toggle-bar">
      <nav className="map-toggle" aria-label="Results view">
        <Link to={map.hrefs.list} aria-current={isMap ? undefined : 'page'} preventScrollReset replace>
          List
        </Link>
        <Link to={map.hrefs.map} aria-current={isMap ? 'page' : undefined} preventScrollReset replace>
          Map
        </Link>
      </nav>
      {map.bbox ? (
        <p className="map-area-note small">
          Showing offers in the map area.{' '}
          <Link to={map.hrefs.all} preventScrollReset>
            Show all
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The map of the listed offers, or nothing in the list view. */
export function ResultsMap({ map, items, place }: { map: MapChoices; items: OfferListItem[]; place: { lat: number | null; lng: number | null } }) {
  const hydrated = useHydrated();
  if (map.view !== 'map') return null;
  // The map is drawn in the browser only: the server sends its frame, so nothing moves when it comes.
  const frame = <div className="offer-map offer-map-loading" aria-hidden="true" />;
  if (!hydrated) return frame;
  return (
    <Suspense fallback={frame}>
      <OfferMap items={items} bbox={map.bbox} styleUrl={map.styleUrl} place={place} />
    </Suspense>
  );
}
