import { describe, expect, it } from 'vitest';
import { isInSoutheastMichigan, isTwinCitiesArea, marketFor, servingMarket, TWIN_CITIES_RADIUS_M, flatDistanceKm, TWIN_CITIES_CENTER } from './markets.ts';

describe('Twin Cities area (SPEC.md 9)', () => {
  it('always counts Minneapolis, MN as inside, whatever the coordinates', () => {
    expect(isTwinCitiesArea({ city: 'Minneapolis', state: 'MN', lat: 25.76, lng: -80.19 })).toBe(true);
    expect(isTwinCitiesArea({ city: 'minneapolis ', state: 'mn' })).toBe(true);
  });
  it('uses the flat distance in km against the radius', () => {
    expect(isTwinCitiesArea({ city: 'Saint Paul', state: 'MN', lat: 44.9537, lng: -93.09 })).toBe(true);
    expect(isTwinCitiesArea({ city: 'Duluth', state: 'MN', lat: 46.7867, lng: -92.1005 })).toBe(false);
    expect(isTwinCitiesArea({ city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 })).toBe(false);
  });
  it('treats a point exactly on the radius as inside', () => {
    const km = TWIN_CITIES_RADIUS_M / 1000;
    const lat = TWIN_CITIES_CENTER.lat + km / (40_000 / 360) - 1e-9;
    expect(flatDistanceKm({ lat, lng: TWIN_CITIES_CENTER.lng }, TWIN_CITIES_CENTER)).toBeLessThanOrEqual(km);
    expect(isTwinCitiesArea({ lat, lng: TWIN_CITIES_CENTER.lng })).toBe(true);
    expect(isTwinCitiesArea({ lat: lat + 0.01, lng: TWIN_CITIES_CENTER.lng })).toBe(false);
  });
  it('is false without coordinates outside Minneapolis', () => {
    expect(isTwinCitiesArea({ city: 'Saint Paul', state: 'MN' })).toBe(false);
  });
});

describe('marketFor', () => {
  it('maps the four states to their offices', () => {
    expect(marketFor({ state: 'MI' }).id).toBe('detroit');
    expect(marketFor({ state: 'il' }).id).toBe('chicago');
    expect(marketFor({ state: 'MN' }).id).toBe('minneapolis');
    expect(marketFor({ state: 'FL' }).id).toBe('florida');
  });
  it('uses the nearest office elsewhere, and Detroit when nothing is known', () => {
    expect(marketFor({ state: 'WI', lat: 43.0389, lng: -87.9065 }).id).toBe('chicago');
    expect(marketFor({ state: 'GA', lat: 30.33, lng: -81.66 }).id).toBe('florida');
    expect(marketFor({}).id).toBe('detroit');
  });
});

describe('Southeast Michigan box (SPEC.md 9)', () => {
  it('holds Detroit and Ann Arbor but not Grand Rapids', () => {
    expect(isInSoutheastMichigan({ lat: 42.3314, lng: -83.0458 })).toBe(true);
    expect(isInSoutheastMichigan({ lat: 42.2808, lng: -83.743 })).toBe(true);
    expect(isInSoutheastMichigan({ lat: 42.9634, lng: -85.6681 })).toBe(false);
  });
});

describe('servingMarket: inside one of the four markets, or outside all of them', () => {
  it('serves the sold states, and towns within an office radius over a state line', () => {
    expect(servingMarket({ state: 'FL' })?.id).toBe('florida');
    expect(servingMarket({ state: 'MI', lat: 46.54, lng: -87.39 })?.id).toBe('detroit');
    // Gary, IN: 40 km from the Chicago office.
    expect(servingMarket({ state: 'IN', lat: 41.59, lng: -87.35 })?.id).toBe('chicago');
  });
  it('serves nobody in Denver, or in a state we do not sell in without coordinates', () => {
    expect(servingMarket({ state: 'CO', lat: 39.7392, lng: -104.9903 })).toBeNull();
    expect(servingMarket({ state: 'CO' })).toBeNull();
    expect(servingMarket({ lat: 39.7392, lng: -104.9903 })).toBeNull();
  });
});
