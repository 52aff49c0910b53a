// The web mount's API transport and page CSP (docs/security.md "Headers"): loaders reach the API
// in-process with the visitor's address and headers, so geo and rate limits see the real client.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { apiFetcher } from '../src/web/in-process-api.ts';
import { MAP_WORKER_ASSET, mapWorkerContentSecurityPolicy, pageContentSecurityPolicy, SERVICE_WORKER_CSP } from '../src/web/page-security.ts';

const PROXY = '10.9.8.7';
const CDN = { 'cf-ipcity': 'Minneapolis', 'cf-region-code': 'MN', 'cf-iplatitude': '44.98', 'cf-iplongitude': '-93.27', 'cf-ipcountry': 'US' };

function pageRequest(remoteAddress: string, headers: Record<string, string>): FastifyRequest {
  return { headers, ip: remoteAddress, socket: { remoteAddress } } as unknown as FastifyRequest;
}

describe('apiFetcher (in-process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: PROXY });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("forwards the visitor's address and CDN headers, so a trusted proxy's geo is believed", async () => {
    const api = apiFetcher(t.app, t.env, pageRequest(PROXY, CDN));
    const res = await api('/api/userlocation/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ market: 'minneapolis', state: 'MN', city: 'Minneapolis' });
  });

  it('does not let a visitor outside the trusted proxies claim a place', async () => {
    const api = apiFetcher(t.app, t.env, pageRequest('198.51.100.23', CDN));
    expect(await (await api('/api/userlocation/')).json()).toBeNull();
  });

  it('returns API answers as Responses, JSON bodies and errors included', async () => {
    const api = apiFetcher(t.app, t.env, pageRequest('127.0.0.1', {}));
    const list = await api('/api/entities/?type=Offer&city=Chicago&state=IL&limit=2');
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(2);
    const bad = await api('/api/entities/?type=Offer&limit=abc');
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as object)).toContain('limit');
  });

  it('refuses paths outside /api and /auth', async () => {
    const api = apiFetcher(t.app, t.env, pageRequest('127.0.0.1', {}));
    await expect(api('/etc/passwd')).rejects.toThrow('Not an API path');
  });
});

describe('page CSP', () => {
  it('allows scripts only with the nonce, and no plugins, base changes or framing', () => {
    const csp = pageContentSecurityPolicy('abc123==');
    expect(csp).toContain("script-src 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The coupon print iframe holds a fetched PDF (SPEC.md 2 Routes: /api/pdf), nothing from
    // another origin.
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The installable web app: manifest and service worker from our origin only.
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });

  it("gives the service worker a policy of its own: it fetches from our origin only", () => {
    expect(SERVICE_WORKER_CSP).toContain("connect-src 'self'");
    expect(SERVICE_WORKER_CSP).toContain("default-src 'none'");
  });

  it("allows the map view's worker from our origin, and MAP_STYLE_URL's origin only when set", () => {
    const csp = pageContentSecurityPolicy('abc123==');
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("connect-src 'self';");
    const styled = pageContentSecurityPolicy('abc123==', { mapStyleOrigin: 'https://tiles.example' });
    expect(styled).toContain("connect-src 'self' https://tiles.example");
    expect(styled).toContain("img-src 'self' data: https://tiles.example");
    expect(styled).toContain("worker-src 'self';");
    expect(mapWorkerContentSecurityPolicy()).toBe("default-src 'none'; connect-src 'self'");
    expect(MAP_WORKER_ASSET.test('/srv/build/client/assets/maplibre-gl-worker-CZtFQQIV.mjs')).toBe(true);
    expect(MAP_WORKER_ASSET.test('/srv/build/client/assets/offer-map-D02AQCq3.js')).toBe(false);
  });
});
