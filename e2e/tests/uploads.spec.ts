// A phone photo on every upload form of the product (apps/api/src/web/page-actions.ts
// UPLOAD_ACTIONS; docs/decisions.md "Uploads on every form, coupons offline from the link"): a
// 2 MB JPEG, as a phone sends it, is saved by each form of the merchant centre (logo, photo,
// gallery) and of the staff console (a merchant's logo and photo, a contest's banner and picture,
// an offer's picture), never a full-page "Error 413" of the page host's 64 KB form cap.
import type { Page } from '@playwright/test';
import { baseUrl, expect, newClientAddress, test } from './public-fixtures.ts';
import { uniqueWord } from './lead-fixtures.ts';
import { businessWithOwner } from './business-fixtures.ts';
import { firstAdmin } from './staff-fixtures.ts';

/** A real JPEG of about 2 MB, made by the browser: noise, which does not compress, at a phone's quality. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1800;
    canvas.height = 1350;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(canvas.width, canvas.height);
    const values = new Uint32Array(image.data.buffer);
    for (let i = 0; i < values.length; i += 16384) crypto.getRandomValues(values.subarray(i, Math.min(i + 16384, values.length)));
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode(...bytes.subarray(i, i + 32768));
    return btoa(text);
  });
  const photo = Buffer.from(base64, 'base64');
  expect(photo.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  expect(photo.length).toBeGreaterThan(1.5 * 1024 * 1024);
  expect(photo.length).toBeLessThan(5 * 1024 * 1024);
  return photo;
}

/** A calendar day in Detroit time (contest days are Detroit days), `offset` days from today. */
function detroitDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Detroit', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** Uploads the photo with one of the console's image panels (components/console/image-upload.tsx). */
async function consoleUpload(staff: Page, kind: string, photo: Buffer, saved: string): Promise<void> {
  await staff.getByLabel(`New ${kind}`, { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await staff.getByRole('button', { name: `Upload ${kind}` }).click();
  await expect(staff.getByRole('status').filter({ hasText: saved })).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole('img', { name: `Current ${kind}` })).toBeVisible();
  await expect(staff.getByText(/Error 413|too large/i)).toHaveCount(0);
}

test.describe.serial('a 2 MB phone photo on every upload form', () => {
  const merchant = `Upload Diner ${uniqueWord('m')}`;
  let merchantId = '';

  test('the merchant centre: the owner uploads the logo, the photo and a gallery photo', async ({ browser }) => {
    test.setTimeout(180_000);
    const business = await businessWithOwner(browser, { name: merchant, category: 'Food & Dining', ownerEmail: `owner-uploads-${Date.now().toString(36)}@business.example`, ownerFirstName: 'Ula', ownerLastName: 'Loader' });
    const { owner } = business;
    merchantId = business.merchantId;
    const photo = await phonePhoto(owner);

    await owner.goto(`/business/centre/${merchantId}/locations`);
    for (const [kind, message] of [['logo', 'New logo saved.'], ['photo', 'New photo saved.']] as const) {
      await owner.getByLabel(`New ${kind}`, { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
      await owner.locator('form', { has: owner.getByLabel(`New ${kind}`, { exact: true }) }).getByRole('button', { name: 'Upload' }).click();
      await expect(owner.getByRole('status').filter({ hasText: message })).toBeVisible({ timeout: 30_000 });
      await expect(owner.getByRole('img', { name: `Your current ${kind}` })).toBeVisible();
    }

    await owner.goto(`/business/centre/${merchantId}/photos`);
    await owner.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await owner.getByLabel('Description').fill('The dining room from the door');
    await owner.getByRole('button', { name: 'Add photo' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible({ timeout: 30_000 });
    await expect(owner.getByRole('img', { name: 'The dining room from the door' })).toBeVisible();
    await owner.context().close();
  });

  test('the console: a merchant\'s logo and photo, a contest\'s banner and picture, an offer\'s picture', async ({ browser }) => {
    test.setTimeout(240_000);
    const staff = await (await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } })).newPage();
    await firstAdmin(staff);
    const photo = await phonePhoto(staff);

    await staff.goto(`/console/merchants/${merchantId}`);
    await expect(staff.getByRole('heading', { level: 1, name: merchant })).toBeVisible();
    await consoleUpload(staff, 'logo', photo, 'The new logo was saved.');
    await consoleUpload(staff, 'photo', photo, 'The new photo was saved.');

    // An offer of the merchant: its picture.
    await staff.getByRole('link', { name: 'New offer' }).click();
    await staff.getByRole('combobox', { name: 'Location' }).selectOption({ index: 1 });
    const offer = `Pancakes for two ${uniqueWord('o')}`;
    await staff.getByLabel('Name', { exact: true }).fill(offer);
    await staff.getByLabel('Category').selectOption({ label: 'Food & Dining' });
    await staff.getByLabel('Last valid day').fill(detroitDay(60));
    await staff.getByRole('button', { name: 'Create draft' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: offer })).toBeVisible();
    await consoleUpload(staff, 'picture', photo, 'The new picture was saved.');

    // A contest: its banner and picture.
    const contest = `Upload Contest ${uniqueWord('c')}`;
    await staff.goto('/console/contests/new');
    await staff.getByLabel('Name', { exact: true }).fill(contest);
    await staff.getByLabel('Prize').fill('Breakfast for a year');
    await staff.getByLabel('First day').fill(detroitDay(1));
    await staff.getByLabel('Last day').fill(detroitDay(30));
    await staff.getByLabel('Shown in Detroit').check();
    await staff.getByRole('button', { name: 'Create contest' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: contest })).toBeVisible();
    await consoleUpload(staff, 'banner', photo, 'The new banner was saved.');
    await consoleUpload(staff, 'picture', photo, 'The new picture was saved.');
    await staff.context().close();
  });
});
