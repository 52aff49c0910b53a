import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/markets/', () => {
  it('lists the four regional offices with their radii (SPEC.md 9)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/markets/' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: string; radius: number; opening_hours: string }>;
    expect(body.map((m) => m.id).sort()).toEqual(['chicago', 'detroit', 'florida', 'minneapolis']);
    expect(body.find((m) => m.id === 'minneapolis')!.radius).toBe(321_868);
    expect(body.find((m) => m.id === 'detroit')!.radius).toBe(160_934);
    expect(body.find((m) => m.id === 'florida')!.opening_hours).toBe(MARKETS.florida.openingHours);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/markets/' });
    const again = await t.app.inject({ method: 'GET', url: '/api/markets/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers unknown API paths with the 4xx error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
