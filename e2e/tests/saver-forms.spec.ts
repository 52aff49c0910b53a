// Forms a saver fills in (SPEC.md 5): the mailing-removal form takes an address without an
// apartment or unit; the sign-up form's State follows the Twin Cities area.
import { expect, MINNEAPOLIS, setPlace, test } from './public-fixtures.ts';
import { mailsContaining, uniqueWord, useOwnClientAddress } from './lead-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

test("'Mailing List Removal' accepts an empty Apartment / unit", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/');
  await page.locator('footer.site-footer').getByRole('button', { name: 'Mailing List Removal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mailing List Removal' });
  const street = `${Date.now() % 100000} ${uniqueWord('Birch')} St`;
  await dialog.getByLabel('Street address').fill(street);
  await expect(dialog.getByLabel('Apartment / unit')).toHaveValue('');
  await dialog.getByLabel('City').fill('Ferndale');
  await dialog.getByLabel('State').selectOption('MI');
  await dialog.getByLabel('ZIP code').fill('48220');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Submitted.');
  await expect(dialog.locator('.field-error')).toHaveCount(0);
  const [mail] = await mailsContaining(street);
  expect(mail!.text).toContain('48220');
  expect(mail!.text).not.toContain('Apt/unit');
});

test('a Twin Cities sign-up form defaults State to Minnesota; elsewhere to Michigan', async ({ page }) => {
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/membership');
  await expect(page.locator('#signup-state')).toHaveValue('MN');
  await expect(page.locator('#signup-state option:checked')).toHaveText('Minnesota');
  await setPlace(page, DETROIT);
  await page.goto('/membership');
  await expect(page.locator('#signup-state')).toHaveValue('MI');
});
