import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_GEO, parseUserGeoCookie, serializeUserGeoCookie, toUserGeo, userGeoFromQuery, withLocationQuery } from './user-geo.ts';

describe('userGeo cookie and location query (SPEC.md 3, 4)', () => {
  it('round-trips a place and recomputes the market', () => {
    const geo = toUserGeo({ city: 'Minneapolis', state: 'mn', lat: 44.98, lng: -93.27 })!;
    expect(geo).toEqual({ market: 'minneapolis', city: 'Minneapolis', state: 'MN', lat: 44.98, lng: -93.27 });
    expect(parseUserGeoCookie(serializeUserGeoCookie(geo))).toEqual(geo);
    expect(parseUserGeoCookie(JSON.stringify({ ...geo, market: 'florida' }))?.market).toBe('minneapolis');
  });
  it('treats missing or unparseable cookies as unknown', () => {
    expect(parseUserGeoCookie(undefined)).toBeNull();
    expect(parseUserGeoCookie('not json')).toBeNull();
    expect(parseUserGeoCookie('%7Bbroken')).toBeNull();
    expect(parseUserGeoCookie('[1,2]')).toBeNull();
    expect(parseUserGeoCookie(JSON.stringify({ city: '<script>', state: 'MI' }))).toBeNull();
    expect(parseUserGeoCookie(JSON.stringify({ lat: 999, lng: 0 }))).toBeNull();
  });
  it('keeps coordinates without a city, and a city without coordinates', () => {
    expect(toUserGeo({ lat: '41.88', lng: '-87.63' })).toEqual({ market: 'chicago', city: '', state: '', lat: 41.88, lng: -87.63 });
    expect(toUserGeo({ city: 'Tampa', state: 'FL' })).toEqual({ market: 'florida', city: 'Tampa', state: 'FL', lat: null, lng: null });
  });
  it('reads the location query values', () => {
    expect(userGeoFromQuery(new URLSearchParams('q=pizza'))).toBeNull();
    expect(userGeoFromQuery(new URLSearchParams('city=Chicago&state=IL'))?.market).toBe('chicago');
    expect(userGeoFromQuery(new URLSearchParams('lat=abc&lng=1'))).toBeNull();
  });
  it('takes a state alone as that state (/?state=FL is the Florida market)', () => {
    expect(userGeoFromQuery(new URLSearchParams('state=FL'))).toEqual({ market: 'florida', city: '', state: 'FL', lat: null, lng: null });
    expect(userGeoFromQuery(new URLSearchParams('state=il&city='))?.market).toBe('chicago');
    expect(userGeoFromQuery(new URLSearchParams('state=ZZ'))).toBeNull();
    // A city that is not plain text still spoils the place.
    expect(userGeoFromQuery(new URLSearchParams('state=MN&city=%3Cscript%3E'))).toBeNull();
  });
  it('appends the location query to links, replacing old values', () => {
    expect(withLocationQuery('/browse/all', DEFAULT_USER_GEO)).toBe('/browse/all?city=Detroit&state=MI&lat=42.3314&lng=-83.0458');
    expect(withLocationQuery('/?city=Tampa&c=4', { market: 'chicago', city: 'Chicago', state: 'IL', lat: null, lng: null })).toBe('/?c=4&city=Chicago&state=IL');
    expect(withLocationQuery('/', null)).toBe('/');
  });
});
