import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { BANNER_STATES, HEADER_TYPES, HERO_COUNT } from '../../db/media-paths.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectSvg(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(res.body.endsWith('</svg>')).toBe(true);
  expect(String(res.headers['cache-control'])).toMatch(/public, max-age=\d{5,}/);
  expect(res.headers.etag).toBeTruthy();
}

describe('generated images', () => {
  it('serves every image path the seed stored, from this app only', async () => {
    const paths = await t.db.rows<{ path: string }>(sql`
      (SELECT logo_path AS path FROM merchants ORDER BY id LIMIT 5)
      UNION ALL (SELECT picture_path FROM offers ORDER BY id LIMIT 5)
      UNION ALL (SELECT picture_path FROM offers WHERE secondary_type = 'lease' ORDER BY id LIMIT 1)
      UNION ALL (SELECT banner_path FROM contests ORDER BY id LIMIT 3)
      UNION ALL (SELECT picture_path FROM contests ORDER BY id LIMIT 3)
      UNION ALL (SELECT image_url FROM callouts)
      UNION ALL (SELECT image_path FROM categories WHERE image_path IS NOT NULL)`);
    expect(paths.length).toBeGreaterThan(40);
    const all = await t.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT logo_path AS p FROM merchants UNION ALL SELECT picture_path FROM offers UNION ALL SELECT banner_path FROM contests
        UNION ALL SELECT picture_path FROM contests UNION ALL SELECT image_url FROM callouts UNION ALL SELECT image_path FROM categories) x
      WHERE p IS NOT NULL AND p NOT LIKE '/media/%'`);
    expect(all[0]!.n).toBe(0);
    for (const { path } of paths) expectSvg(await get(path));
  });

  it('draws a logo with the merchant initials and an offer picture with its headline', async () => {
    const [merchant] = await t.db.rows<{ slug: string; name: string }>(sql`SELECT slug, name FROM merchants WHERE name LIKE '% %' AND name NOT LIKE 'The %' ORDER BY id LIMIT 1`);
    const logo = await get(`/media/logos/${merchant!.slug}.svg`);
    expectSvg(logo);
    const words = merchant!.name.split(' ');
    expect(logo.body).toContain(`>${(words[0]![0]! + words[1]![0]!).toUpperCase()}</text>`);

    const [offer] = await t.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM offers WHERE name NOT LIKE '%&%' ORDER BY id LIMIT 1`);
    const picture = await get(`/media/offers/${offer!.id}.svg`);
    expectSvg(picture);
    expect(picture.body).toContain(`<title>${offer!.name.replace(/'/g, '&#39;')}</title>`);
  });

  it('serves the six hero images, state banners, headers and category icons with immutable caching', async () => {
    for (let n = 1; n <= HERO_COUNT; n++) {
      const res = await get(`/media/hero/${n}.svg`);
      expectSvg(res);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    for (const state of BANNER_STATES) expectSvg(await get(`/media/banners/${state}.svg`));
    for (const type of HEADER_TYPES) expectSvg(await get(`/media/headers/${type}.svg`));
    expectSvg(await get('/media/categories/kitchen-bath.svg'));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/media/hero/2.svg');
    const again = await get('/media/hero/2.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('escapes names and headlines placed into the SVG', async () => {
    const evil = `<script>alert(1)</script> & "Bob's" <img src=x onerror=alert(2)>`;
    await t.db.rows(sql`UPDATE merchants SET name = ${evil} WHERE id = 1`);
    const [offer] = await t.db.rows<{ id: number }>(sql`UPDATE offers SET name = ${evil} WHERE id = (SELECT min(id) FROM offers WHERE merchant_id = 1) RETURNING id`);
    const [merchant] = await t.db.rows<{ slug: string }>(sql`SELECT slug FROM merchants WHERE id = 1`);
    for (const url of [`/media/logos/${merchant!.slug}.svg`, `/media/offers/${offer!.id}.svg`]) {
      const res = await get(url);
      expectSvg(res);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('<img');
      expect(res.body).not.toContain('"Bob');
      expect(res.body).toContain('&lt;script&gt;');
    }
  });

  it('rejects malformed names with a 400 naming the field', async () => {
    for (const url of [
      '/media/logos/%3Cscript%3E.svg',
      '/media/logos/Upper-Case.svg',
      '/media/logos/no-extension',
      `/media/logos/${'a'.repeat(170)}.svg`,
      '/media/offers/abc.svg',
      '/media/offers/-1.svg',
      '/media/offers/99999999999.svg',
      '/media/offers/0.svg',
      '/media/hero/7.svg',
      '/media/hero/..%2F..%2Fetc%2Fpasswd',
      '/media/banners/tx.svg',
      '/media/headers/nope.svg',
      '/media/categories/%3Cb%3E.svg',
      '/media/callouts/unknown.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toHaveProperty('file');
    }
    // Past the router's parameter length limit the framework itself answers with a 4xx.
    const overlong = await get(`/media/logos/${'a'.repeat(400)}.svg`);
    expect(overlong.statusCode).toBeGreaterThanOrEqual(400);
    expect(overlong.statusCode).toBeLessThan(500);
    const contest = await get('/media/contests/BAD SLUG/banner.svg');
    expect(contest.statusCode).toBe(400);
    expect(contest.json()).toHaveProperty('slug');
    const kind = await get('/media/contests/some-contest/poster.svg');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toHaveProperty('file');
  });

  it('answers 404 for well-formed names nothing has', async () => {
    for (const url of ['/media/logos/no-such-merchant-here.svg', '/media/offers/2147483647.svg', '/media/contests/no-such-contest/banner.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});
