// @vitest-environment node
// The /location action with a ZIP code (docs/api.md "Sort, distance and radius"): the API is the
// stubbed network boundary (fetch); the action and the API client are the real code. Node's
// environment: the browser's Response hides Set-Cookie.
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webRequestContext } from '../lib/server/request-context.ts';
import { action } from './location.ts';

const CHICAGO = { id: 9, city: 'Chicago', state: 'Illinois', stateShort: 'IL', lat: 41.8781, lng: -87.6298, market: 'chicago', twin_cities: false };

/** Answers the API paths given, and records every path asked for. */
function stubApi(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: Array<{ path: string }> = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({ path });
    const answer = routes[`GET ${path}`];
    if (!answer) throw new Error(`No stubbed answer for ${path}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(webRequestContext, {
    nonce: '',
    publicUrl: 'http://localhost',
    secureCookies: false,
    api: (path, init = {}) => fetch(path, { method: init.method ?? 'GET', headers: init.headers }),
  });
  const request = new Request('http://localhost/location', { method: 'POST', body: new URLSearchParams(fields) });
  try {
    return (await action({ request, context, params: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

describe('/location with a ZIP code', () => {
  it('sets the place of a known ZIP code and goes back to the page', async () => {
    const api = stubApi({ 'GET /api/places/zip/60601/': { body: CHICAGO } });
    const res = (await post({ zip: '60601', redirectTo: '/browse/all?sort=ending' })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/browse/all?sort=ending');
    expect(decodeURIComponent(res.headers.get('set-cookie') ?? '')).toContain('"city":"Chicago"');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/places/zip/60601/']);
  });

  it('takes the field text when it is all digits (the form without JavaScript)', async () => {
    stubApi({ 'GET /api/places/zip/60601/': { body: CHICAGO } });
    const res = (await post({ q: '60601', redirectTo: '/' })) as Response;
    expect(res.status).toBe(302);
  });

  it('answers 400 naming zip for a malformed or unknown ZIP code', async () => {
    const api = stubApi({ 'GET /api/places/zip/00000/': { status: 404, body: { detail: 'No place has this ZIP code.' } } });
    for (const fields of [{ zip: '1234' }, { q: '123456' }, { zip: '00000' }] as Array<Record<string, string>>) {
      const res = (await post({ ...fields, redirectTo: '/' })) as { type: string; data: { field: string }; init: { status: number } };
      expect(res.init.status, JSON.stringify(fields)).toBe(400);
      expect(res.data.field).toBe('zip');
    }
    expect(api.calls.map((c) => c.path)).toEqual(['/api/places/zip/00000/']);
  });
});
