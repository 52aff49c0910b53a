// Twin Cities copy of the auth panel (SPEC.md 2 Login and sign-up, 5 age checkbox outside the
// Twin Cities only), the birthday age rule, and the mobile menu's member entries (SPEC.md 2).
import { expect, test, MINNEAPOLIS, setPlace } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

test('inside the Twin Cities the panel shows its own copy and no age checkbox', async ({ page }) => {
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/login');
  await expect(page.getByText('Access your saved coupons on the go!')).toBeVisible();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(form.getByRole('heading', { name: 'Create a free account for savings on qualified HomePros' })).toBeVisible();
  await expect(form.getByLabel('I am at least 13 years old.')).toHaveCount(0);
  await form.getByLabel('Birthday (optional)').fill(`${new Date().getFullYear() - 5}-01-01`);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('You must be at least 13 years old', { exact: true })).toBeVisible();

  await atDetroit(page);
  await page.goto('/login');
  await expect(page.getByText('Access your saved coupons on the go!')).toHaveCount(0);
});

test('the mobile menu offers My Account and Sign Out to members', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/browse/all');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/user/account');
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.account-area')).toHaveAttribute('data-auth', 'out');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
});
