// Slide-to-redeem on a touch screen (SPEC.md 4, 9): at least 150 px to the left with at most
// 100 px of vertical drift redeems; anything else springs back.
import { expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a short or drifting slide springs back; a 150 px slide to the left redeems', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await page.goto('/browse/all');
  const card = page.locator('.offer-card').first();
  const name = (await card.locator('.card-title').textContent())!.trim();
  await card.locator('.card-title a').click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('Coupon can be redeemed only once')).toBeVisible();
  const thumb = dialog.locator('.redeem-thumb');
  await thumb.scrollIntoViewIfNeeded();
  const box = (await thumb.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const slide = async (dx: number, dy: number) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - dx / 2, y + dy / 2, { steps: 4 });
    await page.mouse.move(x - dx, y + dy, { steps: 4 });
    await page.mouse.up();
  };

  await slide(100, 0);
  await expect(thumb).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  await slide(200, 140);
  await expect(thumb).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  await expect(dialog.getByText('Coupon redeemed')).toHaveCount(0);

  await slide(160, 40);
  await expect(dialog.getByText('Coupon redeemed')).toBeVisible();
  await expect(dialog.getByText('Show code to your retailer')).toBeVisible();
});
