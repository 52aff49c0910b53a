// The sweepstakes claim form under a contest's winning numbers (SPEC.md 2 Contest modal, 4, 5):
// every field's message before sending, then the submitted message. Claims come from members
// whose e-mail address is confirmed (docs/decisions.md).
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './public-fixtures.ts';
import { atDetroit, confirmEmailByApi, DETROIT, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';
import { useOwnClientAddress } from './lead-fixtures.ts';
import { CHICAGO, MINNEAPOLIS } from './public-fixtures.ts';

type Sweepstakes = { entity_id: number; contest: { display_name: string }; sweepstakes_numbers: string[] };

/** A sweepstakes whose winning numbers are drawn, in the first market that has one. */
async function sweepstakesWithNumbers(request: APIRequestContext): Promise<Sweepstakes | undefined> {
  for (const place of [DETROIT, CHICAGO, MINNEAPOLIS]) {
    const list = (await (await request.get(`/api/contests/?city=${place.city}&state=${place.state}`)).json()) as Sweepstakes[];
    const found = list.find((c) => c.sweepstakes_numbers.length > 0);
    if (found) return found;
  }
  return undefined;
}

test('the claim form shows every required field, checks the zip, and confirms the claim with Address 2 left empty', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await confirmEmailByApi(request, m);
  await atDetroit(page);
  await useOwnClientAddress(page);
  await signInOnPage(page, m);
  const found = await sweepstakesWithNumbers(request);
  expect(found, 'a contest with winning numbers in the seed').toBeTruthy();
  const claims: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sweepstakes/')) claims.push(r.postData() ?? '');
  });
  await page.goto(`/contests?c=${found!.entity_id}`);
  const dialog = page.getByRole('dialog', { name: found!.contest.display_name });
  await expect(dialog.getByRole('heading', { name: 'Winning Numbers' })).toBeVisible();
  await expect(dialog.locator('.numbers li').first()).toHaveText(found!.sweepstakes_numbers[0]!);
  const form = dialog.locator('form.sweepstakes-form');
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  // First Name, Last Name, Email, Your Numbers, Address 1, City, Zip (State has a value; Address 2 may be empty).
  await expect(form.getByText('This is required', { exact: true })).toHaveCount(7);
  await form.getByLabel('First Name').fill('Pat');
  await form.getByLabel('Last Name').fill('Winner');
  await form.getByLabel('Email').fill('pat.winner@example.com');
  await form.getByLabel('Your Numbers').fill(found!.sweepstakes_numbers[0]!);
  await form.getByLabel('Address 1').fill('1 Main St');
  await form.getByLabel('City').fill('Detroit');
  await form.getByLabel('Zip').fill('4822');
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(form.getByText('Enter a 5-digit zip code.')).toBeVisible();
  expect(claims).toEqual([]);
  await form.getByLabel('Zip').fill('48226');
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(dialog.getByText("Your entry has been submitted! We'll reach out to you if there's a match!")).toBeVisible();
  expect(claims).toHaveLength(1);
  expect(JSON.parse(claims[0]!)).toMatchObject({ firstname: 'Pat', lastname: 'Winner', zip: '48226', state: 'MI', entity_id: found!.entity_id });
});

test('a visitor sees the winning numbers but is asked to sign in to claim', async ({ page, request }) => {
  await atDetroit(page);
  const found = await sweepstakesWithNumbers(request);
  await page.goto(`/contests?c=${found!.entity_id}`);
  const dialog = page.getByRole('dialog', { name: found!.contest.display_name });
  await expect(dialog.getByRole('heading', { name: 'Winning Numbers' })).toBeVisible();
  await expect(dialog.locator('form.sweepstakes-form')).toHaveCount(0);
  // The shared fixture waits for hydration after goto, so one click opens the sign-in window.
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In or Sign Up' })).toBeVisible({ timeout: 15_000 });
});

test("a click on the contest window's Sign in before the window's code has arrived still opens the sign-in window", async ({ page, request }) => {
  await atDetroit(page);
  const found = await sweepstakesWithNumbers(request);
  // The contest window's code (modals-*.js) arrives 3 s late, as on a slow phone; the click comes
  // once the top level has hydrated (<html data-hydrated="top">), before that code.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/modals-[^/]+\.js$/, async (route) => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.fallback();
  });
  await page.goto(`/contests?c=${found!.entity_id}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'top');
  const dialog = page.getByRole('dialog', { name: found!.contest.display_name });
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('top');
  release();
  await expect(page.getByRole('dialog', { name: 'Sign In or Sign Up' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});
