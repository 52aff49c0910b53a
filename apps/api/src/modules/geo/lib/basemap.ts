// The embedded basemap of the map view (docs/api.md "Map area"): state and county outlines of the
// markets' states and their neighbours, from the npm package `us-atlas` (US Census Bureau
// cartographic boundaries, TopoJSON, shipped inside the package), turned into GeoJSON once, and
// the city points the web draws names for. Nothing is downloaded: the map needs no tile server.
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

const require = createRequire(import.meta.url);

/** The states sold (MI, IL, MN, FL) and their neighbours, by postal code and Census FIPS code. */
export const BASEMAP_STATES: Readonly<Record<string, string>> = {
  MI: '26', IL: '17', MN: '27', FL: '12',
  WI: '55', IN: '18', OH: '39', IA: '19', ND: '38', SD: '46', MO: '29', KY: '21', GA: '13', AL: '01',
};

export interface BasemapCity {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

type Props = { kind: 'state' | 'county-line' | 'city'; name?: string; minzoom?: number };

/** The zoom from which a city's name shows: the larger the city, the earlier. */
export function cityMinZoom(population: number): number {
  if (population >= 1_000_000) return 4;
  if (population >= 250_000) return 6;
  if (population >= 100_000) return 7;
  if (population >= 50_000) return 8;
  if (population >= 25_000) return 9;
  return 10;
}

// About 100 m: enough for outlines seen at city zoom, and a fraction of the package's precision.
const round = (v: number) => Math.round(v * 1000) / 1000;

function roundLine(line: Position[]): Position[] {
  const out: Position[] = [];
  for (const [x, y] of line) {
    const p = [round(x!), round(y!)];
    const last = out.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function roundGeometry(g: Geometry): Geometry {
  switch (g.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: g.coordinates.map(roundLine).filter((r) => r.length >= 4) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(roundLine).filter((r) => r.length >= 4)).filter((p) => p.length) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: g.coordinates.map(roundLine).filter((l) => l.length >= 2) };
    case 'LineString':
      return { type: 'LineString', coordinates: roundLine(g.coordinates) };
    default:
      return g;
  }
}

let outlines: Array<Feature<Geometry, Props>> | undefined;

/** The state polygons and inner county lines of BASEMAP_STATES (computed once per process). */
function outlineFeatures(): Array<Feature<Geometry, Props>> {
  if (outlines) return outlines;
  const topology = require('us-atlas/counties-10m.json') as Topology<{ states: GeometryCollection<{ name: string }>; counties: GeometryCollection }>;
  const fips = new Set(Object.values(BASEMAP_STATES));
  const inRegion = (id: string | number | undefined) => fips.has(String(id ?? '').slice(0, 2));
  const states = feature(topology, { ...topology.objects.states, geometries: topology.objects.states.geometries.filter((g) => inRegion(g.id)) });
  const countyLines = mesh(topology, topology.objects.counties, (a, b) => a !== b && inRegion(a.id) && inRegion(b.id) && String(a.id).slice(0, 2) === String(b.id).slice(0, 2));
  outlines = [
    ...states.features.map((f): Feature<Geometry, Props> => ({ type: 'Feature', properties: { kind: 'state', name: f.properties?.name ?? '' }, geometry: roundGeometry(f.geometry) })),
    { type: 'Feature', properties: { kind: 'county-line' }, geometry: roundGeometry(countyLines) },
  ];
  return outlines;
}

/** The basemap as one GeoJSON collection: outlines, then the cities (largest first). */
export function basemapCollection(cities: readonly BasemapCity[]): FeatureCollection<Geometry, Props> {
  return {
    type: 'FeatureCollection',
    features: [
      ...outlineFeatures(),
      ...cities.map((c): Feature<Geometry, Props> => ({
        type: 'Feature',
        properties: { kind: 'city', name: c.name, minzoom: cityMinZoom(c.population) },
        geometry: { type: 'Point', coordinates: [round(c.lng), round(c.lat)] },
      })),
    ],
  };
}
