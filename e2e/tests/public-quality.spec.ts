// Quality a user notices on the public pages (SPEC.md 2): titles, descriptions, canonical URLs,
// Open Graph and Twitter cards, sitemap.xml, robots.txt, the page CSP, axe-core on every page type,
// and layouts at 360, 600, 800, 1000 and 1280 px.
import { allowConsoleError, CHICAGO, expect, expectAccessible, MINNEAPOLIS, offersNear, setPlace, test } from './public-fixtures.ts';

const PAGES = ['/', '/browse/all', '/browse/food-dining', '/browse/home-improvement', '/browse/auto-transportation', '/search?q=pizza', '/contests', '/browse/locations'];

test('every page has a title, description, canonical URL, Open Graph and Twitter card, and a nonce CSP', async ({ page }) => {
  await setPlace(page, CHICAGO);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=_-]+' 'strict-dynamic'/);
    for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(part);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await page.locator('script[nonce]').count()).toBeGreaterThan(0);
    expect(await page.evaluate((n) => [...document.scripts].filter((s) => !s.type.includes('ld+json')).every((s) => s.nonce === n), nonce)).toBe(true);
    await expect(page, path).toHaveTitle(/LocalSaver/);
    for (const selector of ['meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:image"]', 'meta[property="og:url"]', 'meta[name="twitter:card"]']) {
      await expect(page.locator(selector), `${path} ${selector}`).toHaveAttribute('content', /.+/);
    }
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', /^https?:\/\/[^?]+/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toMatch(/lat=|lng=/);
  }
});

test('sitemap.xml and robots.txt', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset');
  expect(xml).toMatch(/\/browse\/food-dining<\/loc>/);
  expect(xml).toMatch(/\/merchants\/[a-z0-9-]+\/\d+<\/loc>/);
});

test('axe finds no serious or critical issue on any page type', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const [offer] = await offersNear(request, CHICAGO);
  allowConsoleError(page, /status of 404 .*\/no-such-page/);
  for (const path of [...PAGES, `/merchants/${offer!.merchant_slug}/${offer!.location_id}`, `/merchants/${offer!.merchant_slug}/${offer!.location_id}/?o=${offer!.entitiable_id}`, '/no-such-page']) {
    await page.goto(path);
    await expectAccessible(page, path);
  }
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/');
  await expectAccessible(page, 'twin cities home');
  await page.getByRole('button', { name: 'Filter' }).count();
  await page.goto('/browse/food-dining');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expectAccessible(page, 'filter dialog');
});

test('pages fit 360, 600, 800, 1000 and 1280 px without sideways scrolling', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const [offer] = await offersNear(request, CHICAGO);
  for (const width of [360, 600, 800, 1000, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/search?q=pizza', `/merchants/${offer!.merchant_slug}/${offer!.location_id}`, '/contests']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      const menuVisible = await page.getByRole('button', { name: 'Menu' }).isVisible();
      expect(menuVisible, `Menu button at ${width}px`).toBe(width < 800);
    }
  }
});

test('the whole journey works with the keyboard alone', async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/browse/all');
  // Skip link first, then into the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Tab to the first offer title link and open it with Enter.
  const first = page.locator('.offer-card .card-title a').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
});
