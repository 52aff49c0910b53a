// Saver notifications in the browser: the preference centre on My Account (keyboard, phone), and a
// reminder mail from the local mailbox whose unsubscribe link works without signing in. The mail
// is made by the real job, started as staff would start it: "Run now" on the console's jobs page.
import { DETROIT, mailedLink, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';
import { businessDay, CHICAGO, MINNEAPOLIS, expect, test } from './public-fixtures.ts';
import { firstAdmin } from './staff-fixtures.ts';



test('the preference centre saves each kind, the digest day and the marketing switch, by keyboard and on a phone', async ({ page }) => {
  const m = newMember();
  await registerByApi(page.request, m);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOnPage(page, m);
  await page.goto('/user/account#notifications');
  const centre = page.getByRole('region', { name: 'E-mail notifications' });
  const expiry = centre.getByRole('checkbox', { name: /Expiry reminders/ });
  await expect(expiry).toBeChecked();
  await expect(expiry).toBeEnabled();

  // By keyboard: Space toggles the focused box, the day is picked from the list, Enter saves.
  await expiry.focus();
  await page.keyboard.press('Space');
  await expect(expiry).not.toBeChecked();
  await centre.getByRole('checkbox', { name: /Marketing mail/ }).check();
  await expect(centre.getByRole('note')).toContainText('confirmed');
  await centre.getByLabel('Weekly digest day').selectOption('Saturday');
  await centre.getByRole('button', { name: 'Save e-mail preferences' }).press('Enter');
  await expect(centre.getByRole('status')).toHaveText('Your e-mail preferences have been saved.');
  await page.screenshot({ path: test.info().outputPath('notifications-centre-390.png'), fullPage: false });

  await page.reload();
  const again = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(again.getByRole('checkbox', { name: /Expiry reminders/ })).not.toBeChecked();
  await expect(again.getByRole('checkbox', { name: /Marketing mail/ })).toBeChecked();
  await expect(again.getByLabel('Weekly digest day')).toHaveValue('5');
  await expect(again.getByRole('checkbox', { name: /Contest reminders/ })).toBeChecked();
  await page.setViewportSize({ width: 1366, height: 900 });
  await again.screenshot({ path: test.info().outputPath('notifications-centre-1366.png') });
});

test('an expiry reminder from the mailbox: its unsubscribe link works without signing in and shows in the preference centre', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const m = newMember();
  await registerByApi(page.request, m);
  const login = await page.request.post('/auth/login/', { data: { email: m.email, password: m.password } });
  const { token } = (await login.json()) as { token: string };

  // A saved offer whose last day is in three days.
  const lastDay = businessDay(3);
  let offerId: number | null = null;
  for (const place of [DETROIT, CHICAGO, MINNEAPOLIS]) {
    for (let offset = 0; offset < 600 && offerId === null; offset += 12) {
      const res = await page.request.get(`/api/entities/?lat=${place.lat}&lng=${place.lng}&order=ending&offset=${offset}&limit=12`);
      expect(res.status()).toBe(200);
      const items = (await res.json()) as Array<{ entitiable_id: number; expires_at: string }>;
      offerId = items.find((i) => i.expires_at === lastDay)?.entitiable_id ?? null;
      if (!items.length || items[items.length - 1]!.expires_at > lastDay) break;
    }
    if (offerId !== null) break;
  }
  expect(offerId, `an offer whose last day is ${lastDay}`).not.toBeNull();
  const saved = await page.request.post('/api/userclipped/', { data: { offer_id: offerId }, headers: { authorization: `Bearer ${token}` } });
  expect(saved.ok()).toBe(true);

  // Staff run the job now from the console.
  const staff = await browser.newPage();
  await firstAdmin(staff);
  await staff.goto('/console/jobs');
  await expect(async () => {
    await staff.getByRole('button', { name: 'Run expiry-reminders now' }).click();
    await expect(staff.getByText(/Run started|Run finished|still going/)).toBeVisible({ timeout: 1000 });
  }).toPass();
  // The run's record: sent, skipped and failed in its row once it has finished.
  const runs = staff.getByRole('region', { name: 'Last runs of expiry-reminders' });
  await expect(async () => {
    await staff.reload();
    await expect(runs.getByRole('row').nth(1)).toContainText('Succeeded', { timeout: 1000 });
  }).toPass();
  const header = await runs.getByRole('row').first().textContent();
  expect(header).toMatch(/Sent.*Skipped.*Failed/);
  await staff.setViewportSize({ width: 1366, height: 900 });
  await runs.screenshot({ path: test.info().outputPath('notifications-console-jobs-1366.png') });
  await staff.close();

  // The mail in the local mailbox, and its unsubscribe link, opened signed out.
  const link = await mailedLink(m.email, /Ends in 3 days/, '/api/notifications/unsubscribe/');
  expect(link).toContain('kind=expiry_reminder');
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe from expiry reminders?' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await visitor.close();

  // Took effect at once: the preference centre shows it off.
  await signInOnPage(page, m);
  await page.goto('/user/account#notifications');
  const centre = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(centre.getByRole('checkbox', { name: /Expiry reminders/ })).not.toBeChecked();
  await expect(centre.getByRole('checkbox', { name: /Contest reminders/ })).toBeChecked();
});
