import { describe, expect, it } from 'vitest';
import { detectPageType } from './page-type.ts';
import { DEFAULT_USER_GEO, parseUserGeoCookie, serializeUserGeoCookie, toUserGeo, userGeoFromQuery, withLocationQuery } from './user-geo.ts';
import { locationLabel, placeText } from './location-label.ts';
import { spotlightDescription, stripMarkup } from './spotlight.ts';
import { searchUrl } from './search-url.ts';
import { offerShareLink, shareTargets, stripLocationFromLink } from './share-link.ts';
import { trackingIdFromCookies } from './tracking.ts';
import { brandFor, pageTitle } from './brand.ts';

describe('page type detection (SPEC.md 2)', () => {
  it('names each page type by path', () => {
    expect(detectPageType('/')).toBe('Home');
    expect(detectPageType('/browse/auto-transportation', 'MI')).toBe('Automotive');
    expect(detectPageType('/browse/auto-transportation/', 'mi')).toBe('Automotive');
    expect(detectPageType('/browse/auto-transportation', 'IL')).toBe('Default');
    expect(detectPageType('/browse/home-improvement')).toBe('HomeImprovementHomePros');
    expect(detectPageType('/contests')).toBe('Contests');
    expect(detectPageType('/contests/')).toBe('Contests');
    expect(detectPageType('/blog')).toBe('Blog');
    expect(detectPageType('/company/blog')).toBe('Blog');
    expect(detectPageType('/browse/food-dining')).toBe('Default');
    expect(detectPageType('/search?q=blog')).toBe('Default');
  });
});

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
  it('appends the location query to links, replacing old values', () => {
    expect(withLocationQuery('/browse/all', DEFAULT_USER_GEO)).toBe('/browse/all?city=Detroit&state=MI&lat=42.3314&lng=-83.0458');
    expect(withLocationQuery('/?city=Tampa&c=4', { market: 'chicago', city: 'Chicago', state: 'IL', lat: null, lng: null })).toBe('/?c=4&city=Chicago&state=IL');
    expect(withLocationQuery('/', null)).toBe('/');
  });
});

describe('location label (SPEC.md 9)', () => {
  it("reads 'in {city}, {state}' or 'Near You'", () => {
    expect(locationLabel({ city: 'Detroit', state: 'mi' })).toBe('in Detroit, MI');
    expect(locationLabel({ city: '', state: 'MI' })).toBe('Near You');
    expect(locationLabel(null)).toBe('Near You');
    expect(placeText({ city: 'Tampa', state: 'FL' })).toBe('Tampa, FL');
  });
});

describe('spotlight description (SPEC.md 5)', () => {
  it('strips markup and decodes entities', () => {
    expect(stripMarkup('<p>Fast &amp; <strong>friendly</strong></p><script>alert(1)</script>')).toBe('Fast & friendly');
    expect(stripMarkup('a&#39;b &#x41; &bogus;')).toBe("a'b A &bogus;");
  });
  it('cuts to 175 characters plus an ellipsis', () => {
    const long = `<p>${'a'.repeat(300)}</p>`;
    const out = spotlightDescription(long);
    expect(out).toBe(`${'a'.repeat(175)}...`);
    expect(spotlightDescription(`<b>${'b'.repeat(175)}</b>`)).toBe('b'.repeat(175));
    expect(spotlightDescription(null)).toBe('');
  });
});

describe('search url (SPEC.md 2, 5)', () => {
  it('sends empty or whitespace text to /browse/all', () => {
    expect(searchUrl('   ')).toBe('/browse/all');
    expect(searchUrl('', { market: 'chicago', city: 'Chicago', state: 'IL', lat: null, lng: null })).toBe('/browse/all?city=Chicago&state=IL');
  });
  it('sends text to /search with the place and repeated filters', () => {
    expect(searchUrl(' pizza  pie ', { market: 'chicago', city: 'Chicago', state: 'IL', lat: 41.8, lng: -87.6 }, ['food-dining', 'pizza'])).toBe(
      '/search?q=pizza+pie&city=Chicago&state=IL&lat=41.8&lng=-87.6&filter=food-dining&filter=pizza',
    );
  });
});

describe('share links (SPEC.md 2, 4)', () => {
  it('strips lat, lng, city and state', () => {
    expect(stripLocationFromLink('https://x.test/merchants/a/3/?o=5&lat=1&lng=2&city=Detroit&state=MI')).toBe('https://x.test/merchants/a/3/?o=5');
    expect(stripLocationFromLink('/search?q=pizza&city=Chicago')).toBe('/search?q=pizza');
  });
  it('builds the offer share link and the share targets', () => {
    const link = offerShareLink('https://x.test/', 'tonys-pizza', 12, 99);
    expect(link).toBe('https://x.test/merchants/tonys-pizza/12/?o=99');
    const targets = shareTargets(link, '$5 off');
    expect(targets.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
    expect(targets.twitter).toContain(encodeURIComponent(link));
    expect(targets.email.startsWith('mailto:?subject=%245%20off')).toBe(true);
  });
});

describe('tracking id (SPEC.md 5)', () => {
  it("reads __ss_tk with '|' replaced by '_'", () => {
    expect(trackingIdFromCookies('a=1; __ss_tk=202401|abc|def; b=2')).toBe('202401_abc_def');
    expect(trackingIdFromCookies('__ss_tk=x%7Cy')).toBe('x_y');
    expect(trackingIdFromCookies('a=1')).toBe('');
    expect(trackingIdFromCookies(null)).toBe('');
  });
});

describe('brand (SPEC.md 1)', () => {
  it('is green inside the Twin Cities area and teal elsewhere', () => {
    expect(brandFor({ city: 'Minneapolis', state: 'MN' }).id).toBe('twincities');
    expect(brandFor({ city: 'Edina', state: 'MN', lat: 44.8897, lng: -93.3499 }).id).toBe('twincities');
    expect(brandFor({ city: 'Detroit', state: 'MI', lat: 42.33, lng: -83.05 }).id).toBe('default');
    expect(brandFor(null).id).toBe('default');
    expect(pageTitle('Pizza', brandFor({ city: 'Minneapolis', state: 'MN' }))).toBe('Pizza | LocalSaver Twin Cities');
    expect(pageTitle('', brandFor(null))).toBe('LocalSaver | Live Life for Less');
  });
});
