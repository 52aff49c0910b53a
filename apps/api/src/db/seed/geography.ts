// Where seeded businesses sit: real cities of the four markets (SPEC.md 9),
// picked by population and scattered a little around a real ZIP code of the city.
import { distanceMeters, isInSoutheastMichigan, type MarketId } from '@market/domain/markets';
import type { Place, ZipPoint } from './places.ts';
import { type Random, WeightedTable } from './random.ts';

const KM = 1000;

interface PoolPart {
  weight: number;
  filter: (p: Place) => boolean;
}

const near = (center: { lat: number; lng: number }, km: number) => (p: Place) => distanceMeters(p, center) <= km * KM;

const DETROIT = { lat: 42.3314, lng: -83.0458 };
const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const MINNEAPOLIS = { lat: 44.9778, lng: -93.265 };
const FLORIDA_METROS = [
  { lat: 27.9506, lng: -82.4572 }, // Tampa
  { lat: 28.5383, lng: -81.3792 }, // Orlando
  { lat: 25.7617, lng: -80.1918 }, // Miami
  { lat: 30.3322, lng: -81.6557 }, // Jacksonville
];

/**
 * The city pools of each market: mostly the metro (Detroit metro and the Southeast Michigan box,
 * Chicago metro, the Twin Cities metro, Florida's four big metros), some other cities of the state.
 */
const POOLS: Record<MarketId, { state: string; parts: PoolPart[] }> = {
  detroit: {
    state: 'MI',
    parts: [
      { weight: 0.55, filter: (p) => isInSoutheastMichigan(p) && near(DETROIT, 45)(p) },
      { weight: 0.2, filter: (p) => isInSoutheastMichigan(p) && !near(DETROIT, 45)(p) },
      { weight: 0.25, filter: (p) => !isInSoutheastMichigan(p) && p.population >= 8000 },
    ],
  },
  chicago: {
    state: 'IL',
    parts: [
      { weight: 0.9, filter: near(CHICAGO, 70) },
      { weight: 0.1, filter: (p) => !near(CHICAGO, 70)(p) && near(CHICAGO, 150)(p) && p.population >= 8000 },
    ],
  },
  minneapolis: {
    state: 'MN',
    parts: [
      { weight: 0.88, filter: near(MINNEAPOLIS, 60) },
      { weight: 0.12, filter: (p) => !near(MINNEAPOLIS, 60)(p) && near(MINNEAPOLIS, 250)(p) && p.population >= 8000 },
    ],
  },
  florida: {
    state: 'FL',
    parts: [
      { weight: 0.85, filter: (p) => FLORIDA_METROS.some((m) => near(m, 45)(p)) },
      { weight: 0.15, filter: (p) => !FLORIDA_METROS.some((m) => near(m, 45)(p)) && p.population >= 8000 },
    ],
  },
};

export interface CityPool {
  market: MarketId;
  state: string;
  pick(random: Random): Place;
  /** Every city of the pool (for contest winners' home towns). */
  cities: readonly Place[];
}

/** Builds the per-market city pools, weighting cities by population^0.6 so suburbs get a share. */
export function buildCityPools(places: readonly Place[]): Record<MarketId, CityPool> {
  const out = {} as Record<MarketId, CityPool>;
  for (const [market, def] of Object.entries(POOLS) as Array<[MarketId, (typeof POOLS)[MarketId]]>) {
    const inState = places.filter((p) => p.state === def.state && p.zips.length > 0);
    const parts = def.parts.map((part) => {
      const cities = inState.filter(part.filter);
      return { weight: part.weight, cities, table: new WeightedTable(cities, (p) => Math.max(p.population, 1000) ** 0.6) };
    });
    const cities = parts.flatMap((p) => p.cities);
    out[market] = {
      market,
      state: def.state,
      cities,
      pick(random) {
        let r = random.next();
        for (const part of parts) {
          if (r < part.weight) return part.table.pick(random);
          r -= part.weight;
        }
        return parts[0]!.table.pick(random);
      },
    };
  }
  return out;
}

/**
 * A point for a business in a city: a real ZIP of the city, moved up to ~1 km from the ZIP's
 * centre (ZIP centres sit on land, unlike a blind scatter around a lakeside downtown).
 */
export function pointInCity(random: Random, place: Place, zipPoints: Map<string, ZipPoint>): { lat: number; lng: number; zip: string } {
  const zip = random.pick(place.zips);
  const point = zipPoints.get(zip);
  // A ZIP far from the city centre (a PO box ZIP filed under the city) is replaced by the centre.
  const base = point && distanceMeters(point, place) < 25 * KM ? point : place;
  const radiusKm = base === place ? 2.5 : 1.0;
  const angle = random.next() * 2 * Math.PI;
  const distanceKm = Math.sqrt(random.next()) * radiusKm;
  const lat = base.lat + (distanceKm / 111.32) * Math.cos(angle);
  const lng = base.lng + (distanceKm / (111.32 * Math.cos((base.lat * Math.PI) / 180))) * Math.sin(angle);
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, zip };
}
