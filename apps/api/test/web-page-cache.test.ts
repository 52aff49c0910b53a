// The page render cache (web/page-cache.ts, docs/decisions.md "Page render cache"): anonymous
// visitors may get a page rendered for someone else with the same URL, host and document cookies,
// but every answer carries its own nonce, a member or a visitor whose place was looked up never
// gets a kept page, and cookies that change the page change the answer.
import { serializeUserGeoCookie, toUserGeo } from '@market/domain/user-geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';

const PROXY = '10.9.8.7';
const MINNEAPOLIS_CDN = { 'cf-ipcity': 'Minneapolis', 'cf-region-code': 'MN', 'cf-iplatitude': '44.98', 'cf-iplongitude': '-93.27', 'cf-ipcountry': 'US' };
const CHICAGO = serializeUserGeoCookie(toUserGeo({ city: 'Chicago', state: 'IL', lat: '41.88', lng: '-87.63' })!);
const ST_PAUL = serializeUserGeoCookie(toUserGeo({ city: 'Saint Paul', state: 'MN', lat: '44.95', lng: '-93.09' })!);

let t: TestApp;
// Building the web app for the test can take minutes on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: PROXY }, { web: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

function page(url: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') {
  return t.app.inject({ method: 'GET', url, headers, remoteAddress });
}

/** The nonces of a page's script tags, and its CSP's. */
function nonces(res: { body: string; headers: Record<string, unknown> }) {
  const inBody = new Set([...res.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  const inPolicy = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  return { inBody, inPolicy };
}

const withoutNonces = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');
const brandOf = (body: string) => /<html lang="en" data-brand="([^"]+)"/.exec(body)?.[1];
const hasCookieBanner = (body: string) => body.includes('name="intent" value="consent"');

describe('page render cache', () => {
  it('gives every answer a fresh nonce, the same in its CSP and all its scripts, with private caching headers', async () => {
    const answers = [await page('/'), await page('/'), await page('/')];
    const seen = new Set<string>();
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const { inBody, inPolicy } = nonces(res);
      expect(inPolicy).toBeTruthy();
      expect([...inBody]).toEqual([inPolicy]);
      seen.add(inPolicy!);
    }
    expect(seen.size).toBe(3);
  });

  it('sends a compressed kept page with its own nonce', async () => {
    await page('/browse/food-dining');
    const res = await page('/browse/food-dining', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const body = gunzipSync(res.rawPayload).toString('utf8');
    expect([...nonces({ body, headers: res.headers }).inBody]).toEqual([nonces({ body, headers: res.headers }).inPolicy]);
  });

  it('never gives a member the anonymous page', async () => {
    const anonymous = await page('/search?q=pizza');
    for (let i = 0; i < 2; i++) {
      const member = await page('/search?q=pizza', { cookie: 'auth=signed-in-member-token' });
      expect(member.statusCode).toBe(200);
      // SPEC.md 4: with the auth cookie the session starts unknown (null), not signed out (false):
      // the page data differs from the anonymous page's.
      expect(withoutNonces(member.body)).not.toBe(withoutNonces(anonymous.body));
    }
    const bearer = await page('/search?q=pizza', { authorization: 'Bearer whatever' });
    expect(nonces(bearer).inPolicy).not.toBe(nonces(anonymous).inPolicy);
  });

  it('answers each set of document cookies with its own page', async () => {
    const plain = await page('/');
    expect(hasCookieBanner(plain.body)).toBe(true);
    const consented = await page('/', { cookie: 'cookieConsent=%7B%22accepted%22%3Atrue%7D' });
    expect(hasCookieBanner(consented.body)).toBe(false);
    expect(hasCookieBanner((await page('/')).body)).toBe(true);
    // Cookies no render reads do not split the cache, and do not bring the banner back.
    expect(hasCookieBanner((await page('/', { cookie: '__ss_tk=abc; cookieConsent=1' })).body)).toBe(false);

    const chicago = await page('/', { cookie: `userGeo=${CHICAGO}` });
    const stPaul = await page('/', { cookie: `userGeo=${ST_PAUL}` });
    expect(brandOf(chicago.body)).toBe('default');
    expect(brandOf(stPaul.body)).toBe('twincities');
    expect(brandOf((await page('/', { cookie: `userGeo=${CHICAGO}` })).body)).toBe('default');
    expect(brandOf((await page('/')).body)).toBe('default');
  });

  it("never keeps or serves a page for a visitor whose place was just looked up", async () => {
    for (let i = 0; i < 2; i++) {
      const located = await page('/', MINNEAPOLIS_CDN, PROXY);
      expect(String(located.headers['set-cookie'])).toMatch(/^userGeo=/);
      expect(brandOf(located.body)).toBe('twincities');
      const elsewhere = await page('/', {}, '198.51.100.8');
      expect(elsewhere.headers['set-cookie']).toBeUndefined();
      expect(brandOf(elsewhere.body)).toBe('default');
    }
  });
});
