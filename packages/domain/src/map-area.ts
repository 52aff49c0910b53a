// The map view of the browse and search pages (docs/api.md "Map area"): `view=map` shows the
// map, and `bbox=west,south,east,north` ("Search this area") narrows a list to the map's visible
// box. One parser for the API's query and the pages' URLs, with the same messages.

export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The widest box a list takes: corner to corner at most this many miles (twice the largest market radius). */
export const MAX_BOX_DIAGONAL_MILES = 400;

const METRES_PER_MILE = 1609.344;
const EARTH_RADIUS_M = 6_371_000;

export const BOX_FORMAT_MESSAGE = 'Send west,south,east,north in degrees (four numbers, west < east, south < north).';
export const BOX_TOO_LARGE_MESSAGE = `The area is too large: zoom in (at most ${MAX_BOX_DIAGONAL_MILES} miles corner to corner).`;

const NUMBER = /^-?\d{1,3}(\.\d{1,20})?$/;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box's centre and the distance from it to its farthest corner (in metres). */
export function boxCircle(box: MapBox): { lat: number; lng: number; radiusM: number } {
  const centre = { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 };
  // In a box of one hemisphere the corners farthest from the centre are those nearer the equator.
  const radiusM = Math.max(
    distanceMetres(centre, { lat: box.south, lng: box.west }),
    distanceMetres(centre, { lat: box.north, lng: box.west }),
  );
  return { ...centre, radiusM };
}

/** Whether the box is small enough for a list (corner to corner within MAX_BOX_DIAGONAL_MILES). */
export function boxWithinLimit(box: MapBox): boolean {
  return boxCircle(box).radiusM * 2 <= MAX_BOX_DIAGONAL_MILES * METRES_PER_MILE;
}

/** A `bbox` value as a box, or the message saying what is wrong with it. */
export function parseMapBox(text: string): MapBox | { message: string } {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p))) return { message: BOX_FORMAT_MESSAGE };
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const inRange = [west, east].every((v) => v >= -180 && v <= 180) && [south, north].every((v) => v >= -90 && v <= 90);
  if (!inRange || west >= east || south >= north) return { message: BOX_FORMAT_MESSAGE };
  const box = { west, south, east, north };
  return boxWithinLimit(box) ? box : { message: BOX_TOO_LARGE_MESSAGE };
}

/** A box as the `bbox` value of a URL: five decimals (about a metre). */
export function formatMapBox(box: MapBox): string {
  const f = (v: number) => String(Math.round(v * 1e5) / 1e5);
  return [box.west, box.south, box.east, box.north].map(f).join(',');
}

/** The list view of a page: `view=map` shows the map above the list; anything else is the list alone. */
export function isMapView(params: URLSearchParams): boolean {
  return params.get('view') === 'map';
}
