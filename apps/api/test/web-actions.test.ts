// Page actions (the React Router actions mounted by web/mount.ts: /preferences, /location, /forms/:kind
// and their .data twins) and the page host, through app.inject on the real web build: body caps,
// bodies that are not forms, redirect targets and Host headers each answer a 4xx with a message,
// and no body, header or field a client sends makes a page answer 5xx.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomClientIp } from '../src/modules/auth/members.fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PAGE_BODY_LIMIT_BYTES, UPLOAD_ACTION_BODY_LIMIT_BYTES } from '../src/web/page-actions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { web: true });
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const ACTION_PATHS = ['/preferences', '/location', '/forms/suggest', '/forms/newsletter', '/forms/mailing-removal', '/forms/suggest.data', '/location.data', '/preferences.data'];

function post(url: string, payload: string | Buffer | Readable, contentType?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    remoteAddress: randomClientIp(),
  });
}

/** A 4xx whose JSON body says what was wrong and carries no stack trace. */
function expectClientError(res: { statusCode: number; body: string }, status: number, message: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.body).toMatch(message);
  expect(res.body).not.toMatch(/\bat .*\.(js|ts):\d+|Error:/);
}

describe('page action body caps (unlimited bodies)', () => {
  it(`answers 413 with a message to a body over ${PAGE_BODY_LIMIT_BYTES} bytes on every page action`, async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 'a');
    for (const url of ACTION_PATHS) {
      const res = await post(url, big, FORM);
      expectClientError(res, 413, /too large/);
    }
  });

  it('answers 413 to a streamed (chunked) body over the cap, without its length announced', async () => {
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(8 * 1024, 'b'));
    const res = await post('/forms/suggest', Readable.from(chunks), FORM);
    expectClientError(res, 413, /too large/);
  });

  it('lets the console image uploads alone take the API\'s 5 MB, and answers 413 above', async () => {
    const boundary = 'upl0ad';
    const multipart = (bytes: number) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), Buffer.alloc(bytes, 1), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const type = `multipart/form-data; boundary=${boundary}`;
    for (const url of ['/console/merchants/5/logo', '/console/merchants/5/photo.data', '/console/contests/5/banner', '/console/contests/5/picture.data', '/console/offers/5/picture']) {
      // 5 MB passes the page host (no session here: to the sign-in page, not a 413).
      const taken = await post(url, multipart(5 * 1024 * 1024), type);
      expect(taken.statusCode, url).not.toBe(413);
      expect(taken.statusCode, url).toBeLessThan(500);
      expectClientError(await post(url, multipart(UPLOAD_ACTION_BODY_LIMIT_BYTES), type), 413, /too large/);
    }
    // Every other console page keeps the form cap.
    for (const url of ['/console/merchants/5', '/console/offers/5', '/console/merchants/5/locations/new', '/console/merchants/5/other', '/console/contests/5', '/console/offers/5/banner', '/console/account']) {
      expectClientError(await post(url, multipart(PAGE_BODY_LIMIT_BYTES + 1), type), 413, /too large/);
    }
  });

  it('still takes a form under the cap', async () => {
    const res = await post('/preferences', 'intent=consent&redirectTo=%2Fsearch%3Fq%3Dpizza', FORM);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/search?q=pizza');
    expect(String(res.headers['set-cookie'])).toContain('cookieConsent=');
  });
});

describe('page actions answer 4xx, not 500, to bodies that are not forms', () => {
  it('answers 415 with a message to a wrong content type, and to none', async () => {
    for (const url of ACTION_PATHS) {
      for (const type of ['text/plain', 'application/json', 'application/xml', undefined]) {
        const res = await post(url, type === 'application/json' ? '{"intent":"consent"}' : 'intent=consent', type);
        expectClientError(res, 415, /application\/x-www-form-urlencoded or multipart\/form-data/);
      }
    }
  });

  it('answers 400 with a message to malformed multipart', async () => {
    const bodies: Array<[string, string]> = [
      ['multipart/form-data; boundary=xyz', 'this is not multipart'],
      ['multipart/form-data', '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nconsent\r\n--xyz--\r\n'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nconsent'],
    ];
    for (const url of ACTION_PATHS) {
      for (const [type, body] of bodies) {
        const res = await post(url, body, type);
        expectClientError(res, 400, /The form could not be read/);
      }
    }
  });

  it('still reads well-formed multipart forms', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nconsent\r\n--xyz\r\nContent-Disposition: form-data; name="redirectTo"\r\n\r\n/contests\r\n--xyz--\r\n';
    const res = await post('/preferences', body, 'multipart/form-data; boundary=xyz');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/contests');
  });
});

describe('redirect targets (open redirect)', () => {
  it('answers 400 naming redirectTo when it holds control characters', async () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/a\r\nSet-Cookie: x=1', '/\u0000x', '/x\u007f']) {
      const res = await post('/preferences', new URLSearchParams({ intent: 'consent', redirectTo: value }).toString(), FORM);
      expectClientError(res, 400, /redirectTo/);
      expect(res.headers.location).toBeUndefined();
    }
    const located = await post('/location', new URLSearchParams({ q: 'Detroit', redirectTo: '/\t/evil.example' }).toString(), FORM);
    expectClientError(located, 400, /return address/);
    expect(located.headers.location).toBeUndefined();
  });

  it('sends every other target off our origin back to the home page', async () => {
    const offSite = ['//evil.example', '/\\evil.example', '/\\/evil.example', '/.//evil.example', '/..//evil.example', 'https://evil.example/', 'evil.example', '/%2F/evil.example/..'];
    for (const value of offSite) {
      for (const url of ['/preferences', '/location']) {
        const fields: Record<string, string> = url === '/preferences' ? { intent: 'consent', redirectTo: value } : { q: 'Detroit', redirectTo: value };
        const res = await post(url, new URLSearchParams(fields).toString(), FORM);
        expect(res.statusCode, `${url} ${value}`).toBe(302);
        const location = String(res.headers.location);
        expect(new URL(location, 'http://localhost').origin, `${url} ${value} -> ${location}`).toBe('http://localhost');
        expect(location, value).toMatch(/^\/(?![/\\])/);
      }
    }
  });

  it('reads a page path that starts with two slashes as a path on our origin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '//evil.example/preferences', headers: { 'content-type': FORM }, payload: 'intent=consent&redirectTo=%2F%2Fevil.example%2Fx' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers.location ?? '/').toMatch(/^\/(?![/\\])/);
  });

  it('keeps a path, query and fragment on our own site', async () => {
    const res = await post('/preferences', new URLSearchParams({ intent: 'close-signup', redirectTo: '/browse/food?sort=new#top' }).toString(), FORM);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/browse/food?sort=new#top');
  });
});

describe('malformed Host headers on pages', () => {
  it('answers 400 with a message, and serves a well-formed one', async () => {
    for (const host of ['a b', '[::1', '127.0.0.1:3000@evil.example', 'evil.example/path', 'a:b:c', 'example.com:99999999']) {
      for (const [method, url] of [['GET', '/'], ['GET', '/about'], ['POST', '/preferences']] as const) {
        const res = await t.app.inject({ method, url, headers: { host, ...(method === 'POST' ? { 'content-type': FORM } : {}) }, payload: method === 'POST' ? 'intent=consent' : undefined });
        expectClientError(res, 400, /Host header is not valid/);
      }
    }
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000', 'www.example.com']) {
      const res = await t.app.inject({ method: 'GET', url: '/about', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });
});

describe('no client input makes a page action answer 5xx', () => {
  const CONTROL = fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\ud800', '\u202e');
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.tuple(fc.string({ maxLength: 10 }), CONTROL, fc.string({ maxLength: 10 })).map((p) => p.join('')));
  const field = fc.constantFrom('intent', 'redirectTo', 'place_id', 'q', 'lat', 'lng', 'name', 'email', 'zip', 'phone', 'city', 'state', 'address', 'first_name', 'last_name', 'business_name', 'message', 'x');
  const fields = fc.array(fc.tuple(field, text), { maxLength: 8 });
  const path = fc.constantFrom(...ACTION_PATHS, '/forms/business-lead', '/forms/contractor', '/forms/magazine-lead', '/forms/nope', '/forms/newsletter.data', '/', '/about', '/search');
  const encode = (pairs: Array<[string, string]>, multipart: boolean): [string, string] => {
    if (!multipart) return [FORM, new URLSearchParams(pairs).toString()];
    const parts = pairs.map(([k, v]) => `--b0undary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
    return ['multipart/form-data; boundary=b0undary', `${parts}--b0undary--\r\n`];
  };

  it('answers below 500 to random forms on every page action', async () => {
    await fc.assert(
      fc.asyncProperty(path, fields, fc.boolean(), fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), async (url, pairs, multipart, method) => {
        const [type, body] = encode(pairs, multipart);
        const res = await t.app.inject({ method, url, payload: body, headers: { 'content-type': type }, remoteAddress: randomClientIp() });
        expect(res.statusCode, `${method} ${url} ${type} ${JSON.stringify(body)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('answers below 500 to random bytes under random content types', async () => {
    const type = fc.oneof(
      fc.constantFrom(FORM, 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="a b"', 'text/plain', '', ';;;', 'application/x-www-form-urlencoded; charset=utf-16'),
      fc.string({ maxLength: 40 }).map((s) => `multipart/form-data; boundary=${s}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ACTION_PATHS), type, fc.uint8Array({ maxLength: 300 }), async (url, contentType, bytes) => {
        const res = await t.app.inject({ method: 'POST', url, payload: Buffer.from(bytes), headers: contentType ? { 'content-type': contentType } : {}, remoteAddress: randomClientIp() });
        expect(res.statusCode, `${url} ${contentType}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('no address makes a page answer 5xx', () => {
  it('answers below 500 to random query strings and path segments on pages', async () => {
    const page = fc.constantFrom('/', '/search', '/contests', '/browse/food-dining', '/merchants/x', '/forms/suggest', '/login', '/login/reset', '/verify', '/blog', '/about', '/location', '/preferences', '/sitemap.xml');
    // Encoded random text, or raw bytes of malformed percent-encoding, overlong UTF-8 and such.
    const raw = fc.oneof(fc.string({ maxLength: 30 }).map(encodeURIComponent), fc.constantFrom('%', '%ZZ', '%C0%AF', '%E0%80', '%00', '%0A', '%ED%A0%80', '..%2F..%2F', '..', '[]', '{}', '%FF%FE'));
    const key = fc.constantFrom('q', 'city', 'state', 'lat', 'lng', 'page', 'category', 'token', 'kind', 'sort', 'redirectTo', 'x', '_routes', '_data', 'index');
    await fc.assert(
      fc.asyncProperty(page, fc.array(fc.tuple(key, raw), { maxLength: 5 }), raw, async (path, pairs, segment) => {
        const query = pairs.map(([k, v]) => `${k}=${v}`).join('&');
        for (const url of [`${path}?${query}`, `${path}.data?${query}`, `${path}/${segment}`]) {
          const res = await t.app.inject({ method: 'GET', url, remoteAddress: randomClientIp() });
          expect(res.statusCode, url).toBeLessThan(500);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('sign-out actions answer only their own site (security review 8)', () => {
  const SIGN_OUTS = ['/console/logout', '/business/centre/logout', '/console/logout.data', '/business/centre/logout.data'];

  it('refuses a cross-site Origin, and a cross-site fetch without one, without clearing any cookie', async () => {
    for (const url of SIGN_OUTS) {
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'http://localhost.evil.example' }] as Record<string, string>[]) {
        const res = await post(url, '', FORM, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers['set-cookie'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      }
    }
  });

  it('signs out from our own origin (and from a form without Origin, as before)', async () => {
    for (const url of ['/console/logout', '/business/centre/logout']) {
      for (const headers of [{ origin: 'http://localhost' }, { 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
        const res = await post(url, '', FORM, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(302);
        expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      }
    }
  });
});
