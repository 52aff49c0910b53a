// SPEC.md 4, 8: when the saved items load with an auth error the member is logged out, the
// message 'You must sign in again to continue' shows and the login modal opens.
import { allowConsoleError, expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

test('a revoked or unknown token logs out, shows the message and opens the login modal', async ({ page, request }) => {
  allowConsoleError(page, /status of 401/);
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await expect(page.locator('.saved-count')).toHaveText('0');

  // The token is no longer valid (revoked elsewhere): the next load fails with 401.
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('access_token')!) as { expires: number };
    window.localStorage.setItem('access_token', JSON.stringify({ token: 'x'.repeat(43), expires: stored.expires }));
  });
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Sign In or Sign Up' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert').first()).toHaveText('You must sign in again to continue');
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.account-area')).toHaveAttribute('data-auth', 'out');
  expect((await page.context().cookies()).find((c) => c.name === 'auth')).toBeUndefined();

  // Signing in from the modal closes it and restores the member.
  await dialog.getByLabel('Email').fill(m.email);
  await dialog.getByLabel('Password').fill(m.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.greeting')).toHaveText('Hi, Pat');
});

test('an expired token stamp counts as logged out', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('access_token')!) as { token: string };
    window.localStorage.setItem('access_token', JSON.stringify({ token: stored.token, expires: Math.floor(Date.now() / 1000) - 1 }));
  });
  await page.reload();
  await expect(page.locator('.account-area')).toHaveAttribute('data-auth', 'out');
  await expect(page.locator('header').getByRole('link', { name: 'Sign In' })).toBeVisible();
});
