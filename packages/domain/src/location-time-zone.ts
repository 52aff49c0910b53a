// Each shop's business day is its own (docs/decisions.md "One verdict at the till, each shop's
// own day"): the IANA time zone of a location from its state and position. Of the four states we
// sell in, two are split between Eastern and Central time:
//
// - Michigan: the four Upper Peninsula counties on Wisconsin (Gogebic, Iron, Dickinson, Menominee)
//   keep Central time (IANA America/Menominee); the rest of the state Eastern (America/Detroit).
// - Florida: the panhandle west of the Apalachicola River keeps Central time (America/Chicago),
//   except the south of Gulf County (Port St. Joe, Cape San Blas: south of the Intracoastal
//   Waterway), which keeps Eastern with the rest of the state (America/New_York).
//
// The county lines are approximated by a few latitude/longitude boxes and the river by a
// polyline, checked against the towns on either side in location-time-zone.test.ts. Close to a
// county line a point a few hundred metres off may land on the wrong side; no town does.

export const EASTERN_MICHIGAN = 'America/Detroit';
export const CENTRAL_MICHIGAN = 'America/Menominee';
export const EASTERN_FLORIDA = 'America/New_York';
export const CENTRAL = 'America/Chicago';

type Box = { south: number; north: number; west: number; east: number };

const inside = (b: Box, lat: number, lng: number) => lat >= b.south && lat < b.north && lng >= b.west && lng < b.east;

/**
 * Michigan's Central-time counties as boxes (west to east). Every point of Michigan west of
 * -87.26 is in the Upper Peninsula, so the boxes need no care for the Lower Peninsula.
 */
const MICHIGAN_CENTRAL: Box[] = [
  // Gogebic west of the Ontonagon line: it reaches Lake Superior (Ironwood, Bessemer, Black River).
  { south: 45.9, north: 47.2, west: -90.5, east: -89.93 },
  // Gogebic between Ontonagon and Wisconsin: Wakefield, Marenisco (Bergland, 46.59, is Ontonagon).
  { south: 45.9, north: 46.5, west: -89.93, east: -89.4 },
  // Gogebic east part: Watersmeet (Paulding, 46.39, is Ontonagon).
  { south: 45.9, north: 46.33, west: -89.4, east: -88.99 },
  // Iron: Iron River, Crystal Falls, Amasa (Kenton and Sidnaw, 46.47+, are Houghton).
  { south: 45.9, north: 46.34, west: -88.99, east: -88.12 },
  // Dickinson: Iron Mountain, Kingsford, Norway, Sagola, Felch (Republic, 46.37, is Marquette).
  { south: 45.7, north: 46.26, west: -88.12, east: -87.6 },
  // Menominee, north part, west of Delta County: Hermansville, Powers, Wilson (Bark River is Delta).
  { south: 45.55, north: 46.0, west: -88.2, east: -87.37 },
  // Menominee, south part, to the Green Bay shore: Menominee, Stephenson, Daggett, Cedar River.
  { south: 45.0, north: 45.55, west: -88.2, east: -87.26 },
];

/**
 * The Apalachicola River (and the Chattahoochee above it) as [lat, lng] points from the Georgia
 * line down to the Gulf: west of it is Central time.
 */
const APALACHICOLA: Array<[number, number]> = [
  [31.0, -85.0],
  [30.71, -84.86],
  [30.55, -84.95],
  [30.44, -85.03],
  [30.2, -85.1],
  [30.05, -85.1],
  [29.95, -85.03],
  [29.72, -84.98],
];

/** The river's longitude at a latitude (straight lines between the points). */
function riverLng(lat: number): number {
  const first = APALACHICOLA[0]!;
  const last = APALACHICOLA[APALACHICOLA.length - 1]!;
  if (lat >= first[0]) return first[1];
  if (lat <= last[0]) return last[1];
  for (let i = 1; i < APALACHICOLA.length; i++) {
    const [nLat, nLng] = APALACHICOLA[i - 1]!;
    const [sLat, sLng] = APALACHICOLA[i]!;
    if (lat <= nLat && lat >= sLat) return sLng + ((lat - sLat) / (nLat - sLat)) * (nLng - sLng);
  }
  return last[1];
}

function floridaZone(lat: number, lng: number): string {
  // South Gulf County (Port St. Joe, Cape San Blas) keeps Eastern; the Bay County line is at -85.39.
  if (lat < 29.93 && lng > -85.39) return EASTERN_FLORIDA;
  return lng < riverLng(lat) ? CENTRAL : EASTERN_FLORIDA;
}

const CENTRAL_STATES = new Set(['IL', 'MN', 'WI', 'IA', 'MO']);

/**
 * The IANA time zone a location keeps, from its state (two letters) and position. A state we do
 * not sell in reads as Central for the Midwest neighbours and Eastern (Detroit's clock) otherwise.
 */
export function locationTimeZone(place: { state: string; lat: number; lng: number }): string {
  const state = place.state.trim().toUpperCase();
  const { lat, lng } = place;
  const known = Number.isFinite(lat) && Number.isFinite(lng);
  if (state === 'MI') return known && MICHIGAN_CENTRAL.some((b) => inside(b, lat, lng)) ? CENTRAL_MICHIGAN : EASTERN_MICHIGAN;
  if (state === 'FL') return known ? floridaZone(lat, lng) : EASTERN_FLORIDA;
  if (CENTRAL_STATES.has(state)) return CENTRAL;
  return EASTERN_MICHIGAN;
}
