// Layout as a saver sees it on a 1366 px desktop and a 390 px phone: the desktop coupon modal
// keeps the offer picture under the logo at the top of its column, and the phone header
// collapses once scrolled (120 px at most) without hiding a focused field under it (SPEC.md 2
// Coupon modal, Header; 4 Header; docs/decisions.md).
import { expect, offersNear, test } from './public-fixtures.ts';
import { atDetroit, DETROIT } from './member-fixtures.ts';

test.describe('desktop 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the coupon modal shows the offer picture right under the logo, at the top of its column', async ({ page, request }, testInfo) => {
    await atDetroit(page);
    const offers = await offersNear(request, DETROIT);
    let checked = 0;
    for (const offer of offers.slice(0, 3)) {
      await page.goto(`/?o=${offer.entitiable_id}`);
      const dialog = page.getByRole('dialog', { name: offer.name });
      await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
      const logo = dialog.locator('.offer-logo');
      const picture = dialog.locator('.offer-picture');
      if ((await logo.count()) === 0 || (await picture.count()) === 0) continue;
      const logoBox = (await logo.boundingBox())!;
      const pictureBox = (await picture.boundingBox())!;
      const infoBox = (await dialog.locator('.offer-info').boundingBox())!;
      // Under the logo with the column's gap only, not floating in an empty column.
      expect(pictureBox.y - (logoBox.y + logoBox.height), `${offer.name}: space between logo and picture`).toBeLessThanOrEqual(16);
      expect(pictureBox.y - (logoBox.y + logoBox.height)).toBeGreaterThanOrEqual(0);
      expect(Math.abs(pictureBox.x - logoBox.x)).toBeLessThanOrEqual(1);
      // The picture keeps its shape (16:9) and sits beside the top of the details.
      expect(Math.abs(pictureBox.width / pictureBox.height - 16 / 9)).toBeLessThan(0.05);
      expect(pictureBox.y + pictureBox.height).toBeLessThanOrEqual(768);
      expect(logoBox.y).toBeLessThanOrEqual(infoBox.y + 1);
      await testInfo.attach(`coupon modal ${offer.entitiable_id}`, { body: await page.screenshot(), contentType: 'image/png' });
      checked += 1;
    }
    expect(checked, 'offers with a logo and a picture').toBeGreaterThan(0);
  });
});

test.describe('phone 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sticky header collapses to 120 px at most once scrolled, keeping Menu, logo and search', async ({ page }, testInfo) => {
    await atDetroit(page);
    await page.goto('/browse/all');
    const header = page.locator('header.site-header');
    await expect(page.locator('.offer-card').first()).toBeVisible();
    const top = (await header.boundingBox())!;
    const firstCard = page.locator('.offer-card').nth(3);
    const cardBefore = (await firstCard.boundingBox())!;
    await page.mouse.wheel(0, 700);
    await expect.poll(async () => (await header.boundingBox())!.height, { message: 'header height once scrolled' }).toBeLessThanOrEqual(120);
    const scrolled = (await header.boundingBox())!;
    expect(scrolled.y).toBe(0);
    expect(top.height).toBeGreaterThan(scrolled.height);
    await expect(header.getByRole('button', { name: 'Menu' })).toBeInViewport();
    await expect(header.getByRole('link', { name: /LocalSaver home/ })).toBeInViewport();
    await expect(header.getByRole('combobox', { name: /Search/ }).first()).toBeInViewport();
    // Collapsing does not move the page under the reader's eyes.
    const scrollY = await page.evaluate(() => window.scrollY);
    const cardAfter = (await firstCard.boundingBox())!;
    expect(Math.abs(cardAfter.y + scrollY - cardBefore.y)).toBeLessThanOrEqual(1);
    await testInfo.attach('phone header scrolled', { body: await page.screenshot(), contentType: 'image/png' });
    // Back at the top it is whole again.
    await page.mouse.wheel(0, -2000);
    await expect.poll(async () => (await header.boundingBox())!.height).toBe(top.height);
  });

  test('once scrolled, the header and the cookie notice leave at least 70% of the phone screen to the page', async ({ page }) => {
    await atDetroit(page);
    await page.context().clearCookies({ name: 'cookieConsent' });
    await page.goto('/browse/all');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await expect(banner.getByRole('button', { name: 'Okay' })).toBeVisible();
    await page.mouse.wheel(0, 700);
    const header = page.locator('header.site-header');
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThanOrEqual(120);
    const covered = (await header.boundingBox())!.height + (await banner.boundingBox())!.height;
    expect(covered, 'header and cookie notice height').toBeLessThanOrEqual(844 * 0.3);
  });

  test('after a failed sign-up the first invalid field is focused and visible below the header', async ({ page }) => {
    await atDetroit(page);
    await page.goto('/membership');
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    const submit = signUp.getByRole('button', { name: 'Sign Up' });
    // The saver has scrolled down to the button: the form's first field is above the screen.
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    const first = signUp.getByLabel('First Name');
    const header = page.locator('header.site-header');
    const headerBottom = async () => {
      const box = (await header.boundingBox())!;
      return box.y + box.height;
    };
    expect((await first.boundingBox())!.y, 'First Name out of sight').toBeLessThan(await headerBottom());
    await submit.click();
    await expect(first).toBeFocused();
    await expect(first).toHaveAccessibleDescription('This is required');
    const field = (await first.boundingBox())!;
    expect(field.y, 'the field starts below the header').toBeGreaterThanOrEqual(await headerBottom());
    expect(field.y + field.height).toBeLessThanOrEqual(844);
  });
});
