import { describe, expect, it } from 'vitest';
import { BOX_FORMAT_MESSAGE, BOX_TOO_LARGE_MESSAGE, boxCircle, formatMapBox, isMapView, parseMapBox } from './map-area.ts';

describe('map area', () => {
  it('parses west,south,east,north and writes it back with five decimals', () => {
    expect(parseMapBox(' -87.7 , 41.8,-87.6,41.9 ')).toEqual({ west: -87.7, south: 41.8, east: -87.6, north: 41.9 });
    expect(formatMapBox({ west: -87.712345678, south: 41.8, east: -87.6, north: 41.912344999 })).toBe('-87.71235,41.8,-87.6,41.91234');
  });

  it('refuses malformed, inverted, out of range and too large boxes with the user-facing message', () => {
    for (const bad of ['', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '-87.6,41.8,-87.7,41.9', '-87.7,41.9,-87.6,41.8', '-181,0,0,1', '0,-91,1,0', '1e1,2,3,4', 'Infinity,1,2,3']) {
      expect(parseMapBox(bad), bad).toEqual({ message: BOX_FORMAT_MESSAGE });
    }
    expect(parseMapBox('-100,30,-80,45')).toEqual({ message: BOX_TOO_LARGE_MESSAGE });
  });

  it('centres the circle on the box and reaches its farthest corner', () => {
    const c = boxCircle({ west: -88, south: 41, east: -87, north: 42 });
    expect(c.lat).toBeCloseTo(41.5);
    expect(c.lng).toBeCloseTo(-87.5);
    // Half a degree of latitude and of longitude at 41° N: about 55.6 and 41.9 km, so 69.6 km.
    expect(c.radiusM / 1000).toBeCloseTo(69.7, 0);
  });

  it('shows the map only for view=map', () => {
    expect(isMapView(new URLSearchParams('view=map'))).toBe(true);
    expect(isMapView(new URLSearchParams('view=list'))).toBe(false);
    expect(isMapView(new URLSearchParams(''))).toBe(false);
  });
});
