// Pages when their data cannot be had (SPEC.md 8): the web client tells the API's "no such thing"
// (a 404 page) from "no answer" (a 503 page with the generic text), through the real web build.
// The unavailable API is a real one: the web app pointed (API_URL) at a port where nothing listens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';

const NOTHING_LISTENS = 'http://127.0.0.1:9/';
const GENERIC = 'There was an issue processing your request. Please try again later.';

let up: TestApp;
let down: TestApp;
let merchantPage: string;
beforeAll(async () => {
  [up, down] = await Promise.all([createTestApp({}, { web: true }), createTestApp({ API_URL: NOTHING_LISTENS }, { web: true })]);
  const offers = (await up.app.inject({ method: 'GET', url: '/api/entities/?type=Offer&city=Detroit&state=MI&limit=1' })).json<Array<{ merchant_slug: string; location_id: number }>>();
  merchantPage = `/merchants/${offers[0]!.merchant_slug}/${offers[0]!.location_id}`;
});
afterAll(async () => {
  await Promise.all([up?.close(), down?.close()]);
});

function page(t: TestApp, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
}

describe('a merchant page', () => {
  it('shows the location while the API answers, and a 404 page for a location the API does not know', async () => {
    const found = await page(up, merchantPage);
    expect(found.statusCode).toBe(200);
    const missing = await page(up, `${merchantPage.replace(/\/\d+$/, '')}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it('answers 503 with the error page, not "not found", while the API is unavailable', async () => {
    const res = await page(down, merchantPage);
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Error 503');
    expect(res.body).toContain(GENERIC);
    expect(res.body).not.toContain('Page Not Found');
  });
});

describe('every page whose data comes from the API', () => {
  it.each(['/', '/browse/all', '/browse/locations', '/search?q=pizza', '/contests', `/?o=1`, '/sitemap.xml'])('%s answers 503 while the API is unavailable', async (url) => {
    const res = await page(down, url);
    expect(res.statusCode).toBe(503);
  });

  it('keeps the pages that need no API data working', async () => {
    const res = await page(down, '/about');
    expect(res.statusCode).toBe(200);
  });
});
