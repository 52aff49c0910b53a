// The merchant centre's own pages from a browser (docs/api.md "Merchant centre: analytics, leads,
// team, tills" and "locations"): an owner keeps the location's hours and links up to date, pairs
// a till and makes this browser the till (the till page names its location), invites a cashier,
// reads the dashboard and downloads its CSV, and opens the leads inbox. Screenshots of each page
// at desktop and phone widths go to CENTRE_SHOTS when it is set.
import type { Page } from '@playwright/test';
import { expect, test } from './public-fixtures.ts';
import { uniqueWord } from './lead-fixtures.ts';
import { businessWithOwner } from './business-fixtures.ts';

const OWNER = `owner-pages-${Date.now().toString(36)}@business.example`;
const CASHIER = `cashier-pages-${Date.now().toString(36)}@business.example`;
const merchant = `Pages Bistro ${uniqueWord('m')}`;

/** `reload`: a page drawn for its width (the charts measure their box when they load). */
async function shot(page: Page, name: string, reload = false): Promise<void> {
  const dir = process.env.CENTRE_SHOTS;
  if (!dir) return;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (reload) {
    await page.reload();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits a phone`).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe.serial('merchant centre pages', () => {
  let owner: Page;
  let merchantId = '';
  let locationId = '';

  test.afterAll(async () => {
    await owner?.context().close();
  });

  test('staff set up a business and invite its owner', async ({ browser }) => {
    ({ owner, merchantId, locationId } = await businessWithOwner(browser, { name: merchant, category: 'Health & Beauty', ownerEmail: OWNER, ownerFirstName: 'Olive', ownerLastName: 'Owner' }));
  });

  test('locations: hours and links saved, a javascript: link refused by name', async () => {
    await owner.getByRole('navigation', { name: 'Business centre' }).getByRole('link', { name: 'Locations' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: `${merchant}: locations` })).toBeVisible();
    await owner.getByLabel('Menu link').fill('javascript:alert(1)');
    await owner.getByRole('button', { name: 'Save Loring Park' }).click();
    await expect(owner.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
    await owner.getByLabel('Menu link').fill('https://bistro.example.com/menu');
    await owner.getByLabel('Booking link').fill('https://book.example.com/bistro');
    await owner.getByLabel('Monday, range 1: opens').fill('11:00');
    await owner.getByLabel('Monday, range 1: closes').fill('22:00');
    await owner.getByRole('button', { name: 'Save Loring Park' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(owner.getByLabel('Monday, range 1: closes')).toHaveValue('22:00');
    await shot(owner, 'locations');

    // The saver's page of the location shows the new links.
    const slug = ((await (await owner.request.get(`/api/locations/${locationId}/`)).json()) as { merchant_slug: string }).merchant_slug;
    const saver = await owner.context().newPage();
    await saver.goto(`/merchants/${slug}/${locationId}`);
    await expect(saver.getByRole('link', { name: 'Menu', exact: true })).toHaveAttribute('href', 'https://bistro.example.com/menu');
    await expect(saver.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute('href', 'https://book.example.com/bistro');
    await shot(saver, 'saver-location');
    await saver.close();
  });

  test('tills: pair a till, use this browser as the till, and the till page names its location', async () => {
    await owner.getByRole('navigation', { name: 'Business centre' }).getByRole('link', { name: 'Tills' }).click();
    await owner.getByLabel('Name').fill('Front counter');
    await owner.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(owner.getByRole('heading', { name: '“Front counter” is paired to Loring Park' })).toBeVisible();
    await shot(owner, 'tills-token');
    await owner.getByRole('button', { name: 'Use this device as the till' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'This browser is now the till “Front counter”' })).toBeVisible();
    expect(owner.url()).not.toContain('token');
    const cookie = (await owner.context().cookies()).find((c) => c.name === 'store_device');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    await expect(owner.getByRole('row', { name: /Front counter/ })).toContainText('This browser');
    await shot(owner, 'tills');
    await owner.goto('/business/centre/till');
    await expect(owner.getByText(`This browser is the till “Front counter” of ${merchant}, paired to Loring Park`)).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Scan a coupon' }).first()).toHaveAttribute('href', '/r/scan');
    await shot(owner, 'till');
  });

  test('team: invite a cashier for the location', async () => {
    await owner.goto(`/business/centre/${merchantId}/team`);
    const invite = owner.getByRole('region', { name: 'Invite a person' });
    await invite.getByLabel('E-mail').fill(CASHIER);
    await invite.getByLabel('Role').selectOption('cashier');
    await invite.getByLabel('Loring Park, Minneapolis').check();
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(owner.getByRole('status').filter({ hasText: `Invitation sent to ${CASHIER}` })).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Invited' })).toContainText(CASHIER);
    await shot(owner, 'team');
  });

  test('analytics and leads: the dashboard, its CSV, the inbox', async () => {
    await owner.goto(`/business/centre/${merchantId}/analytics`);
    await expect(owner.getByRole('heading', { level: 2, name: 'From a view to a redeemed coupon' })).toBeVisible();
    await expect(owner.getByRole('table', { name: 'Your locations' })).toContainText('Loring Park');
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^analytics-${merchantId}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    await owner.waitForTimeout(500);
    await shot(owner, 'analytics', true);
    await owner.getByRole('navigation', { name: 'Business centre' }).getByRole('link', { name: 'Leads' }).click();
    await expect(owner.getByText('No open leads.')).toBeVisible();
    await shot(owner, 'leads');
  });
});
