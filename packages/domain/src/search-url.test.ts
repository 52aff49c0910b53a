import { describe, expect, it } from 'vitest';
import { searchUrl } from './search-url.ts';

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
