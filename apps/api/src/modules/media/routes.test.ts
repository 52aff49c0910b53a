import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import sharp from 'sharp';
import { BANNER_STATES, HEADER_TYPES, HERO_COUNT } from '../../db/media-paths.ts';
import { IMAGE_SHAPES, saveUploadedImage } from './lib/uploaded-images.ts';
import { merchantLogoForPrint } from './service.ts';

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

  it('draws a logo from the illustration of the merchant subcategory (no initials) and an offer picture with its headline', async () => {
    const [merchant] = await t.db.rows<{ slug: string; sub: string }>(sql`
      SELECT m.slug, s.slug AS sub FROM merchants m
      JOIN categories s ON s.id = COALESCE(m.subcategory_ids[1], (SELECT o.subcategory_ids[1] FROM offers o WHERE o.merchant_id = m.id AND cardinality(o.subcategory_ids) > 0 ORDER BY o.id LIMIT 1))
      WHERE s.slug IN ('pizza', 'mexican', 'oil-change-lube', 'roofing')
        -- A name that says what the business is wins over its subcategory (tested in service.test.ts).
        AND m.name !~* '(pizz|taco|taqueria|cantina|burrito|sushi|burger|bbq|barbecue|smokehouse|coney|bakery|bakeshop|coffee|espresso|pho|ramen|noodle|roof|plumb|tire|lube|oil change)'
      ORDER BY m.id LIMIT 1`);
    const expected = { pizza: 'pizza', mexican: 'taco', 'oil-change-lube': 'oil-drum', roofing: 'house-with-garden' }[merchant!.sub];
    const logo = await get(`/media/logos/${merchant!.slug}.svg`);
    expectSvg(logo);
    expect(logo.body).toContain(`data-illustration="${expected}"`);
    expect(logo.body).not.toContain('<text');

    const [offer] = await t.db.rows<{ id: number; name: string; sub: string }>(sql`
      SELECT o.id, o.name, s.slug AS sub FROM offers o JOIN categories s ON s.id = o.subcategory_ids[1]
      WHERE s.slug = 'pizza' AND o.secondary_type IS DISTINCT FROM 'lease' AND o.secondary_type IS DISTINCT FROM 'purchase' AND o.name NOT LIKE '%&%' ORDER BY o.id LIMIT 1`);
    const picture = await get(`/media/offers/${offer!.id}.svg`);
    expectSvg(picture);
    expect(picture.body).toContain(`<title>${offer!.name.replace(/'/g, '&#39;')}</title>`);
    expect(picture.body).toContain('data-illustration="pizza"');
  });

  it('draws a contest banner from the illustration of its prize', async () => {
    const contests = await t.db.rows<{ slug: string; prize: string }>(sql`SELECT slug, prize FROM contests ORDER BY id`);
    const oil = contests.find((c) => /oil change/i.test(c.prize));
    const grocery = contests.find((c) => /grocery/i.test(c.prize));
    const banner = await get(`/media/contests/${oil!.slug}/banner.svg`);
    expectSvg(banner);
    expect(banner.body).toContain('data-illustration="oil-drum"');
    const picture = await get(`/media/contests/${grocery!.slug}/picture.svg`);
    expectSvg(picture);
    expect(picture.body).toContain('data-illustration="shopping-cart"');
  });

  it('lets an uploaded logo win over the illustration: the catalogue serves it and the printed coupon draws it', async () => {
    const [merchant] = await t.db.rows<{ id: number; slug: string }>(sql`SELECT id, slug FROM merchants ORDER BY id LIMIT 1`);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).png().toBuffer();
    const path = await saveUploadedImage(t.app.deps.images, png, IMAGE_SHAPES.merchantLogo);
    const [before] = await t.db.rows<{ logo_path: string | null }>(sql`SELECT logo_path FROM merchants WHERE id = ${merchant!.id}`);
    await t.db.rows(sql`UPDATE merchants SET logo_path = ${path} WHERE id = ${merchant!.id}`);
    try {
      const printed = await merchantLogoForPrint(t.app.deps, merchant!.slug);
      expect('png' in printed && printed.png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const upload = await get(path);
      expect(upload.statusCode).toBe(200);
      expect(upload.headers['content-type']).toBe('image/webp');
    } finally {
      await t.db.rows(sql`UPDATE merchants SET logo_path = ${before!.logo_path} WHERE id = ${merchant!.id}`);
    }
    const generated = await merchantLogoForPrint(t.app.deps, merchant!.slug);
    expect('svg' in generated && generated.svg).toContain('data-illustration=');
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
