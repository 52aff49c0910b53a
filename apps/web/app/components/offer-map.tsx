// The map of the browse and search results (docs/api.md "Map area"), loaded only when the map
// view is opened: MapLibre GL draws the basemap (MAP_STYLE_URL, else the embedded one from
// /api/map/basemap/: state and county outlines, city names from our places), and supercluster
// joins nearby offers. Every marker is a button with a name; the list below stays the accessible
// alternative. Moving the map offers "Search this area", which lists the offers of the visible box.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl, type GeoJSONSource, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { boxWithinLimit, formatMapBox, parseMapBox, type MapBox } from '@market/domain/map-area';
import { formatDistance } from '@market/domain/list-sort';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { modalHref, MODAL_KEYS } from '../lib/ui/modal-links.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../styles/map.css';

setWorkerUrl(workerUrl);

const BASEMAP_URL = '/api/map/basemap/';
const MAX_ZOOM = 17;
/** Offers further apart than this many pixels at the current zoom are drawn apart. */
const CLUSTER_RADIUS_PX = 44;

type OfferPoint = { offer: OfferListItem };
/** The answer of /api/map/basemap/ (docs/api.md "Map area"). */
type Basemap = { type: 'FeatureCollection'; features: Array<{ type: 'Feature'; properties: { kind: string; name?: string; minzoom?: number }; geometry: { type: string; coordinates: unknown } }> };
type CityFeature = { name: string; minzoom: number; lng: number; lat: number };

/** The embedded style: land, state and county outlines; city names are HTML labels (no glyph server). */
function embeddedStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      // Filled once the page has fetched the basemap (one request for outlines and names).
      basemap: { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, attribution: 'Outlines: US Census Bureau' },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#d8e6ee' } },
      { id: 'land', type: 'fill', source: 'basemap', filter: ['==', ['get', 'kind'], 'state'], paint: { 'fill-color': '#f8f6f0' } },
      { id: 'counties', type: 'line', source: 'basemap', minzoom: 6, filter: ['==', ['get', 'kind'], 'county-line'], paint: { 'line-color': '#d3cab8', 'line-width': 0.8 } },
      { id: 'states', type: 'line', source: 'basemap', filter: ['==', ['get', 'kind'], 'state'], paint: { 'line-color': '#9a8c74', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 10, 2] } },
    ],
  };
}

function boundsOf(items: OfferListItem[]): LngLatBounds | null {
  if (!items.length) return null;
  const b = new LngLatBounds();
  for (const i of items) b.extend([i.longitude, i.latitude]);
  return b;
}

function visibleBox(map: MapLibreMap): MapBox {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}

/** MapLibre draws with WebGL 2; without it the page keeps the list alone. */
function supportsWebGl2(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'));
  } catch {
    return false;
  }
}

function markerButton(className: string, label: string, text: string, count: number): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = className;
  el.setAttribute('aria-label', label);
  el.dataset.count = String(count);
  el.textContent = text;
  return el;
}

export default function OfferMap({ items, bbox, styleUrl, place }: { items: OfferListItem[]; bbox: string | undefined; styleUrl: string | null; place: { lat: number | null; lng: number | null } }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const cityLabels = useRef<Marker[]>([]);
  const cities = useRef<CityFeature[]>([]);
  const index = useRef<Supercluster<OfferPoint> | null>(null);
  // Moves the page makes (fitting the results) do not offer "Search this area"; the visitor's do.
  const ownMoves = useRef(0);
  const [moved, setMoved] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const [failed, setFailed] = useState(() => !supportsWebGl2());
  const [selected, setSelected] = useState<OfferListItem[]>([]);
  const location = useLocation();
  const navigate = useNavigate();

  function moveCamera(action: (map: MapLibreMap) => void) {
    const map = mapRef.current;
    if (!map) return;
    ownMoves.current += 1;
    action(map);
    // A move that changes nothing fires no moveend: count it as done on the next frame then.
    if (!map.isMoving()) requestAnimationFrame(() => (ownMoves.current = Math.max(0, ownMoves.current - 1)));
  }

  function drawMarkers() {
    const map = mapRef.current;
    const idx = index.current;
    if (!map || !idx) return;
    for (const m of markers.current) m.remove();
    markers.current = [];
    for (const c of idx.getClusters([-180, -85, 180, 85], Math.floor(map.getZoom()))) {
      const [lng, lat] = c.geometry.coordinates as [number, number];
      const props = c.properties as Partial<ClusterProperties> & Partial<OfferPoint>;
      let el: HTMLButtonElement;
      if (props.cluster && props.cluster_id != null) {
        const count = props.point_count ?? 0;
        const id = props.cluster_id;
        el = markerButton('map-marker map-cluster', `${count} offers here`, String(count), count);
        el.addEventListener('click', () => {
          const leaves = idx.getLeaves(id, Infinity).map((l) => l.properties.offer);
          const zoom = idx.getClusterExpansionZoom(id);
          const samePlace = leaves.every((o) => o.latitude === leaves[0]?.latitude && o.longitude === leaves[0]?.longitude);
          if (samePlace || zoom > MAX_ZOOM) setSelected(leaves);
          else moveCamera((m) => m.easeTo({ center: [lng, lat], zoom }));
        });
      } else if (props.offer) {
        const offer = props.offer;
        el = markerButton('map-marker map-pin', `${offer.name}, ${offer.merchant_name}`, '', 1);
        el.addEventListener('click', () => setSelected([offer]));
      } else continue;
      markers.current.push(new Marker({ element: el }).setLngLat([lng, lat]).addTo(map));
    }
  }

  /** City names of the embedded basemap: by size for the zoom, none overlapping another. */
  function drawCityLabels() {
    const map = mapRef.current;
    if (!map) return;
    for (const m of cityLabels.current) m.remove();
    cityLabels.current = [];
    const zoom = map.getZoom();
    const bounds = map.getBounds();
    // Offer markers first: a name never hides one.
    const placed = markers.current.map((m) => {
      const p = map.project(m.getLngLat());
      return { x0: p.x - 22, x1: p.x + 22, y0: p.y - 22, y1: p.y + 22 };
    });
    for (const c of cities.current) {
      if (c.minzoom > zoom + 0.5 || !bounds.contains([c.lng, c.lat])) continue;
      const p = map.project([c.lng, c.lat]);
      const w = c.name.length * 7 + 12;
      const box = { x0: p.x - w / 2, x1: p.x + w / 2, y0: p.y - 10, y1: p.y + 10 };
      if (placed.some((o) => box.x0 < o.x1 && box.x1 > o.x0 && box.y0 < o.y1 && box.y1 > o.y0)) continue;
      placed.push(box);
      const el = document.createElement('span');
      el.className = c.minzoom <= 6 ? 'map-city map-city-big' : 'map-city';
      el.setAttribute('aria-hidden', 'true');
      el.textContent = c.name;
      cityLabels.current.push(new Marker({ element: el }).setLngLat([c.lng, c.lat]).addTo(map));
    }
  }

  // The map itself, once.
  useEffect(() => {
    if (!container.current || failed) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: styleUrl ?? embeddedStyle(),
        center: [place.lng ?? -87.63, place.lat ?? 41.88],
        zoom: 9,
        maxZoom: MAX_ZOOM,
        minZoom: 3,
        cooperativeGestures: true,
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
    } catch (error) {
      // No WebGL (SPEC.md 8: maps failures are logged): the list has every result.
      console.warn(`The map could not start: ${(error as Error).message}`);
      void Promise.resolve().then(() => setFailed(true));
      return;
    }
    mapRef.current = map;
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.on('error', (event) => console.warn(`Map: ${event.error?.message ?? 'error'}`));
    map.on('moveend', () => {
      if (ownMoves.current > 0) ownMoves.current -= 1;
      else setMoved(true);
      setTooLarge(!boxWithinLimit(visibleBox(map)));
      drawCityLabels();
    });
    map.on('zoomend', () => {
      drawMarkers();
      drawCityLabels();
    });
    if (!styleUrl) {
      const controller = new AbortController();
      fetch(BASEMAP_URL, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<Basemap>) : null))
        .then((data) => {
          if (!data) return;
          const source = map.getSource<GeoJSONSource>('basemap');
          const geojson = data as unknown as GeoJSON.FeatureCollection;
          if (source) void source.setData(geojson);
          else map.once('load', () => void map.getSource<GeoJSONSource>('basemap')?.setData(geojson));
          cities.current = data.features
            .filter((f) => f.properties.kind === 'city')
            .map((f) => {
              const [lng, lat] = f.geometry.coordinates as [number, number];
              return { name: f.properties.name ?? '', minzoom: f.properties.minzoom ?? 10, lng, lat };
            });
          drawCityLabels();
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') console.warn(`Map labels: ${(error as Error).message}`);
        });
      map.once('remove', () => controller.abort());
    }
    return () => {
      mapRef.current = null;
      markers.current = [];
      cityLabels.current = [];
      map.remove();
    };
    // The map is made once; its data and camera follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The markers follow the listed offers; the camera fits them unless the list is a searched box.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const idx = new Supercluster<OfferPoint>({ radius: CLUSTER_RADIUS_PX, maxZoom: MAX_ZOOM - 1 });
    idx.load(items.map((offer) => ({ type: 'Feature', properties: { offer }, geometry: { type: 'Point', coordinates: [offer.longitude, offer.latitude] } })));
    index.current = idx;
    setSelected([]);
    const box = bbox ? parseMapBox(bbox) : null;
    if (box && !('message' in box)) {
      const current = visibleBox(map);
      const same = Math.abs(current.west - box.west) + Math.abs(current.east - box.east) + Math.abs(current.north - box.north) + Math.abs(current.south - box.south) < 1e-3;
      if (!same) moveCamera((m) => m.fitBounds([box.west, box.south, box.east, box.north], { animate: false }));
    } else {
      const fit = boundsOf(items);
      if (fit) moveCamera((m) => m.fitBounds(fit, { padding: 48, maxZoom: 11, animate: false }));
    }
    setMoved(false);
    drawMarkers();
    drawCityLabels();
    // drawMarkers reads the refs set here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, bbox]);

  function searchThisArea() {
    const map = mapRef.current;
    if (!map) return;
    const params = new URLSearchParams(location.search);
    for (const k of [...MODAL_KEYS, 'offset', 'radius']) params.delete(k);
    params.set('bbox', formatMapBox(visibleBox(map)));
    params.set('view', 'map');
    setMoved(false);
    void navigate(`${location.pathname}?${params.toString()}`, { preventScrollReset: true });
  }

  if (failed) {
    return (
      <div className="offer-map offer-map-failed" role="status">
        <p>The map can't be shown in this browser. Every result is in the list below.</p>
      </div>
    );
  }

  return (
    <section className="offer-map-wrap" aria-label="Map of the results">
      <div ref={container} className="offer-map" />
      {moved ? (
        <div className="map-search-area">
          <button type="button" className="btn btn-primary btn-small" onClick={searchThisArea} disabled={tooLarge}>
            {tooLarge ? 'Zoom in to search this area' : 'Search this area'}
          </button>
        </div>
      ) : null}
      {selected.length ? (
        <div className="map-selection" aria-live="polite">
          <button type="button" className="map-selection-close" aria-label="Close" onClick={() => setSelected([])}>
            ×
          </button>
          <ul>
            {selected.map((offer) => {
              const distance = formatDistance(offer.distance);
              return (
                <li key={`${offer.entitiable_id}-${offer.location_id}`}>
                  <Link to={modalHref(location, 'o', offer.entitiable_id)} preventScrollReset state={{ modalFromList: true }} className="map-selection-offer">
                    {offer.name}
                  </Link>
                  <span className="small muted">
                    {offer.merchant_name}
                    {distance ? ` · ${distance}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
