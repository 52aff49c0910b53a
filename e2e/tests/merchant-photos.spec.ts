// Merchant photos from a browser (docs/api.md "Merchant photos"): staff set up a business and
// invite its owner; the owner adds a photo with its description in the business centre; savers
// see it at once in the merchant page's gallery, open it in the lightbox and close it with Escape.
// Screenshots of the gallery at desktop and phone widths go to PHOTO_SHOTS when it is set.
import type { Page } from '@playwright/test';
import { expect, test } from './public-fixtures.ts';
import { uniqueWord } from './lead-fixtures.ts';
import { businessWithOwner } from './business-fixtures.ts';

const OWNER = `owner-photos-${Date.now().toString(36)}@business.example`;
const merchant = `Photo Bakery ${uniqueWord('m')}`;
const ALT = 'Our bread counter in the morning light';

/** A real PNG for the upload: the browser's own screenshot of a page. */
async function pictureOf(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 400 } });
}

test.describe.serial('merchant photos', () => {
  let owner: Page;
  let merchantId = '';
  let locationId = '';
  let slug = '';

  test.afterAll(async () => {
    await owner?.context().close();
  });

  test('an owner adds a photo in the business centre', async ({ browser }) => {
    ({ owner, merchantId, locationId, slug } = await businessWithOwner(browser, { name: merchant, category: 'Food & Dining', ownerEmail: OWNER, ownerFirstName: 'Paula', ownerLastName: 'Baker' }));
    await owner.goto(`/business/centre/${merchantId}/photos`);
    await expect(owner.getByRole('heading', { level: 1, name: `${merchant}: photos` })).toBeVisible();
    const picture = await pictureOf(owner);
    await owner.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: picture });
    // Without a description the form names the field and keeps nothing.
    await owner.getByRole('button', { name: 'Add photo' }).click();
    await expect(owner.getByLabel('Description')).toHaveAccessibleDescription(/Describe the photo/);
    await owner.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: picture });
    await owner.getByLabel('Description').fill(ALT);
    await owner.getByRole('button', { name: 'Add photo' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible();
    await expect(owner.getByRole('img', { name: ALT })).toBeVisible();
    const dir = process.env.PHOTO_SHOTS;
    if (dir) {
      await owner.screenshot({ path: `${dir}/merchant-photos-centre-desktop.png`, fullPage: true });
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.screenshot({ path: `${dir}/merchant-photos-centre-phone.png`, fullPage: true });
    }
  });

  test('savers see it in the gallery and open it in the lightbox; Escape closes it', async ({ page }) => {
    await page.goto(`/merchants/${slug}/${locationId}`);
    const gallery = page.getByRole('region', { name: 'Photos' });
    const thumb = gallery.getByRole('button', { name: ALT });
    await expect(thumb).toBeVisible();
    await expect(thumb.getByRole('img')).toHaveAttribute('loading', 'lazy');
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as { '@type': string; image?: string[] });
    const business = ld.find((x) => x['@type'] === 'LocalBusiness');
    expect(business?.image?.[0]).toMatch(/\/media\/uploads\/photo-[0-9a-f]{32}\.webp$/);

    const dialog = page.getByRole('dialog', { name: `Photos of ${merchant}` });
    await expect(async () => {
      await thumb.click();
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(dialog.getByRole('img', { name: ALT })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();

    const dir = process.env.PHOTO_SHOTS;
    if (dir) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await gallery.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/merchant-photos-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await gallery.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/merchant-photos-phone.png` });
    }
  });
});
