// The map pin of a location's edit page, drawn without tiles: the console runs with no tile server
// and no network, so this is an SVG of the market's area (its office and listing radius, SPEC.md 9)
// with the location's point on it, projected flat around the market's office (a few hundred km,
// where the earth's curve does not matter for "is the pin where I expect"). The figures are also
// written out, and the pin is corrected by typing lat/lng in the form beside it.
import { useId } from 'react';
import { MARKETS, distanceMeters, type MarketId } from '@market/domain/markets';

const KM_PER_DEGREE_LAT = 110.57;
const MILE_KM = 1.609344;

export interface MarketMapProps {
  marketId: string;
  lat: number;
  lng: number;
  /** What the pin is ("Downtown, 80 S 8th St"). */
  label: string;
}

/** The flat projection around a centre: km east and km south of it. */
function project(center: { lat: number; lng: number }, p: { lat: number; lng: number }) {
  const kmPerDegreeLng = 111.32 * Math.cos((center.lat * Math.PI) / 180);
  return { x: (p.lng - center.lng) * kmPerDegreeLng, y: -(p.lat - center.lat) * KM_PER_DEGREE_LAT };
}

export function MarketMap({ marketId, lat, lng, label }: MarketMapProps) {
  const titleId = useId();
  const market = MARKETS[marketId as MarketId];
  if (!market || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const radiusKm = market.radiusM / 1000;
  const pin = project(market, { lat, lng });
  // The area shown: the listing radius with a margin, grown to hold a pin placed outside it.
  const half = Math.min(Math.max(radiusKm * 1.15, Math.abs(pin.x) * 1.15, Math.abs(pin.y) * 1.15), 2000);
  const size = 320;
  const scale = size / (2 * half);
  const sx = (km: number) => size / 2 + km * scale;
  const milesAway = distanceMeters(market, { lat, lng }) / 1000 / MILE_KM;
  const scaleMiles = radiusKm / MILE_KM > 150 ? 100 : 50;
  const scaleWidth = scaleMiles * MILE_KM * scale;
  const inside = distanceMeters(market, { lat, lng }) <= market.radiusM;
  return (
    <figure className="cat-map">
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby={titleId} width={size} height={size}>
        <title id={titleId}>{`Map of the ${market.name} market with the pin at ${lat.toFixed(4)}, ${lng.toFixed(4)}`}</title>
        <rect x="0" y="0" width={size} height={size} className="cat-map-bg" />
        <circle cx={sx(0)} cy={sx(0)} r={radiusKm * scale} className="cat-map-radius" />
        <circle cx={sx(0)} cy={sx(0)} r="4" className="cat-map-office" />
        <text x={sx(0) + 7} y={sx(0) + 16} className="cat-map-text cat-map-halo">
          {market.city}
        </text>
        <g transform={`translate(${sx(pin.x)} ${sx(pin.y)})`} className="cat-map-pin">
          <path d="M0 0 C -3 -8 -9 -11 -9 -17 A 9 9 0 1 1 9 -17 C 9 -11 3 -8 0 0 Z" />
          <circle cx="0" cy="-17" r="3.5" className="cat-map-pin-dot" />
        </g>
        <g transform={`translate(12 ${size - 14})`}>
          <line x1="0" y1="0" x2={scaleWidth} y2="0" className="cat-map-scale" />
          <text x="0" y="-5" className="cat-map-text">{`${scaleMiles} mi`}</text>
        </g>
        <text x={size - 10} y="18" textAnchor="end" className="cat-map-text">
          N ↑
        </text>
      </svg>
      <figcaption className="console-small">
        <strong>{label}</strong>: {lat.toFixed(5)}, {lng.toFixed(5)}, {Math.round(milesAway)} mi from {market.city}
        {inside ? `, inside the ${market.name} listing radius.` : `, outside the ${market.name} listing radius (${Math.round(radiusKm / MILE_KM)} mi).`}
      </figcaption>
    </figure>
  );
}
