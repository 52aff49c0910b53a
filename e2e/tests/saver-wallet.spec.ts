// The installable web app and the offline wallet (docs/decisions.md "Offline wallet"): install
// metadata per brand, the service worker, and, with the network cut, the saved coupons (reached by
// the drawer's link, a navigation inside the app, and from the installed app's start URL /) and a
// mobile coupon still open, a save made offline reaches the server when the network returns, and
// the kept page leaves the device at sign-out.
import type { APIRequestContext, Page } from '@playwright/test';
import { allowConsoleError, expect, expectAccessible, MINNEAPOLIS, setPlace, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage, type Member } from './member-fixtures.ts';

async function savedOfferIds(request: APIRequestContext, m: Member): Promise<number[]> {
  const login = (await (await request.post('/auth/login/', { data: { email: m.email, password: m.password } })).json()) as { token: string };
  const res = await request.get('/api/userfavorites/', { headers: { authorization: `Bearer ${login.token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { offers: { active: Array<{ entitiable_id: number }> } };
  return body.offers.active.map((o) => o.entitiable_id);
}

/** Waits until the service worker controls the page, so what the page fetches goes through it. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return script;
}

/** Whether the service worker keeps the saved coupons page (service-worker/sw.ts PAGES_CACHE). */
function savedPageKept(page: Page): Promise<boolean> {
  return page.evaluate(async () => Boolean(await (await caches.open('pages')).match('/user/saved', { ignoreVary: true })));
}

test('install metadata: a manifest and theme colour per brand, icons from our origin, a service worker', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#00857c');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { name: string; display: string; start_url: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(manifest).toMatchObject({ name: 'LocalSaver', display: 'standalone', start_url: '/', theme_color: '#00857c' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
  // Checked for updates at every visit; fetches from our origin only.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("connect-src 'self'");

  // The Twin Cities look has its own colour and manifest.
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2e7d32');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?brand=twincities');
  expect(await (await request.get('/manifest.webmanifest?brand=twincities')).json()).toMatchObject({ name: 'LocalSaver Twin Cities', theme_color: '#2e7d32' });
});

test('offline: the saved coupons and a mobile coupon open, and a save made offline reaches the server', async ({ page, context, request }) => {
  // Sign-in, the drawer, two offline openings and the sign-out: more steps than one minute holds on a busy machine.
  test.setTimeout(150_000);
  // Offline, the browser reports every call it could not make; that is the point here.
  allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await controlledByServiceWorker(page);

  // Save one coupon and open it as a mobile coupon, online.
  await page.goto('/browse/all');
  const cards = page.locator('.offer-card');
  const first = cards.nth(0);
  const firstName = (await first.locator('.card-title').textContent())!.trim();
  await first.getByRole('button', { name: /^Save / }).click();
  await expect(first.getByRole('button', { name: /^Saved / })).toHaveAttribute('aria-pressed', 'true');
  // To the coupons the way the app leads there: the drawer's link, a navigation inside the app
  // (the page never loads as a document, so the worker keeps it at the member's request).
  await page.getByRole('button', { name: /^Saved \d+ saved items?$/ }).click();
  await page.getByRole('dialog', { name: 'My Saved Offers' }).getByRole('link', { name: 'Open my coupons for the counter' }).click();
  await expect(page).toHaveURL(/\/user\/saved$/);
  await expect(page.getByRole('heading', { name: 'My Saved Coupons', level: 1 })).toBeVisible();
  await expect.poll(() => savedPageKept(page)).toBe(true);
  const coupon = page.locator('.wallet-coupon', { hasText: firstName });
  await expect(page.getByText(/^Last synced /)).toBeVisible();
  await expectAccessible(page, 'saved coupons');
  await coupon.getByRole('button', { name: /^Get mobile coupon/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Show this to the cashier' });
  const code = (await dialog.getByLabel('Redemption code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expect(dialog.locator('.redeem-fullscreen-qr svg')).toBeVisible();
  await expectAccessible(page, 'mobile coupon');
  await page.keyboard.press('Escape');
  await expect(coupon.getByText(code)).toBeVisible();

  // A second tab with offers to save, loaded while online.
  const browse = await context.newPage();
  allowConsoleError(browse, /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await browse.goto('/browse/all');
  const second = browse.locator('.offer-card').nth(1);
  const secondName = (await second.locator('.card-title').textContent())!.trim();
  const secondId = Number(await second.locator('a[href*="o="]').first().evaluate((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('o')));
  await expect(second.getByRole('button', { name: /^Save / })).toBeEnabled();

  // The network goes.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Saved Coupons', level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Last synced .*\(saved on this device\)$/)).toBeVisible();
  await expect(coupon.getByText(code)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('wallet-offline-desktop.png'), fullPage: true });
  await coupon.getByRole('button', { name: /^Show mobile coupon/ }).click();
  await expect(dialog.getByLabel('Redemption code')).toHaveText(code);
  await expect(dialog.locator('.redeem-fullscreen-qr svg')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('wallet-mobile-coupon-390.png') });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: test.info().outputPath('wallet-offline-390.png'), fullPage: true });

  // The installed app starts at / (its manifest's start_url): offline it goes on to the coupons.
  await page.goto('/');
  await expect(page).toHaveURL(/\/user\/saved$/);
  await expect(page.getByRole('heading', { name: 'My Saved Coupons', level: 1 })).toBeVisible();
  await expect(coupon.getByText(code)).toBeVisible();

  // A save made offline waits on the device...
  await second.getByRole('button', { name: /^Save / }).click();
  await expect(second.getByRole('button', { name: /^Saved / })).toHaveAttribute('aria-pressed', 'true');
  await expect(second.getByText('Waiting for the network')).toBeVisible();
  expect(await savedOfferIds(request, m)).not.toContain(secondId);

  // ...and reaches the server when the network returns.
  await context.setOffline(false);
  await expect.poll(() => savedOfferIds(request, m)).toContain(secondId);
  await expect(second.getByText('Waiting for the network')).toBeHidden();
  await page.reload();
  await expect(page.locator('.wallet-coupon', { hasText: secondName })).toBeVisible();
  await expect(page.getByText('You are offline.', { exact: false })).toBeHidden();

  // Signing out takes the kept page off the device; offline, / then says so and keeps no coupons.
  await page.getByRole('button', { name: 'My Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => savedPageKept(page)).toBe(false);
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open my saved coupons' })).toHaveAttribute('href', '/user/saved');
  await context.setOffline(false);
});
