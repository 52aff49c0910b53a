// A member's own corner as a saver meets it: the greeting follows the first name (whole, each word
// capitalised, at once after a change), a wrong password is said once at its field, and the Saved
// drawer gives focus back to the Saved button (SPEC.md 2 Header, Home, Saved items; 5; 8).
import type { Page } from '@playwright/test';
import { allowConsoleError, expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, type Member } from './member-fixtures.ts';

async function signIn(page: Page, m: Member): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Your Account Info' }) });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Password').fill(m.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.greeting')).toBeVisible();
}

test('the header greeting shows a multi-word first name whole and follows a changed first name at once', async ({ page, request }) => {
  const m = { ...newMember(), first: 'mary ann' };
  await registerByApi(request, m);
  await atDetroit(page);
  await signIn(page, m);
  await expect(page.locator('.greeting')).toHaveText('Hi, Mary Ann');
  await page.goto('/');
  await expect(page.locator('.home-greeting')).toHaveText('Hi, Mary Ann');

  await page.goto('/user/account?info=1');
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('First Name').fill('walker');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile has been updated.');
  await expect(page.locator('.greeting')).toHaveText('Hi, Walker');
  await page.goto('/');
  await expect(page.locator('.home-greeting')).toHaveText('Hi, Walker');
  await page.reload();
  await expect(page.locator('.greeting')).toHaveText('Hi, Walker');
});

test('"Your password is incorrect." shows once, at the password field, on Change Password and Delete Account', async ({ page, request }) => {
  // The browser reports the refused password (400) on its console.
  allowConsoleError(page, /status of 400/);
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signIn(page, m);
  await page.goto('/user/account?info=1');

  const change = page.getByRole('region', { name: 'Change Password' });
  await change.getByLabel('Current Password').fill('not my password at all');
  await change.getByLabel('New Password', { exact: true }).fill('A brand new password 1');
  await change.getByLabel('Confirm New Password').fill('A brand new password 1');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByLabel('Current Password')).toHaveAccessibleDescription('Your password is incorrect.');
  await expect(change.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(change.getByLabel('Current Password')).toBeFocused();
  await expect(page.getByText('Your password is incorrect.')).toHaveCount(1);

  const remove = page.getByRole('region', { name: 'Delete Account' });
  await remove.getByLabel('Password', { exact: true }).fill('not my password at all');
  await remove.getByLabel('Confirm Password').fill('not my password at all');
  await remove.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(remove.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Your password is incorrect.');
  await expect(remove.getByText('Your password is incorrect.')).toHaveCount(1);
  await expect(change.getByText('Your password is incorrect.')).toHaveCount(1);
});

test('closing the Saved drawer with Escape or its close button gives focus back to the Saved button', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signIn(page, m);
  const saved = page.getByRole('button', { name: /^Saved/ });
  await expect(page.locator('.saved-count')).toHaveText('0');

  await saved.click();
  const drawer = page.getByRole('dialog', { name: 'My Saved Offers' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(saved).toBeFocused();

  await saved.press('Enter');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close saved offers' }).click();
  await expect(drawer).toBeHidden();
  await expect(saved).toBeFocused();
});
