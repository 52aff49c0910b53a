import { describe, expect, it } from 'vitest';
import { pageUrl } from './page-url.ts';

describe('pageUrl', () => {
  it('is the address the browser shows, for a document and for a client-side data request', () => {
    expect(pageUrl(new Request('http://x/browse/all?view=map')).href).toBe('http://x/browse/all?view=map');
    expect(pageUrl(new Request('http://x/browse/all.data?view=map&_routes=routes%2Fbrowse')).href).toBe('http://x/browse/all?view=map');
    expect(pageUrl(new Request('http://x/_root.data?_routes=routes%2Fhome')).href).toBe('http://x/');
    expect(pageUrl(new Request('http://x/console/_.data')).pathname).toBe('/console/');
  });
});
