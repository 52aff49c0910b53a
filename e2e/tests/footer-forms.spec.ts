// Every footer form with every state of SPEC.md 4, against the real API: 'Suggest
// Location' / 'Suggest a Contractor', 'Mailing List Removal' / 'Request List Removal', the
// newsletter button and 'Get the Magazine'. Each journey checks the happy path (and that the lead
// reached the API's database: the regional office's mail is built from the stored row), a
// bad-input message from the shared schemas, and a real server failure: the per-client lead
// rate limit. Forms also work before JavaScript runs.
import { allowConsoleError, expect, MINNEAPOLIS, newClientAddress, setPlace, test } from './public-fixtures.ts';
import { exhaustLeadQuota, mailsContaining, uniqueWord, useOwnClientAddress } from './lead-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };
const CHECK_FIELDS = 'Please correct the fields marked above.';

test("'Suggest Location': required fields, then 'Suggestion Submitted!' and the Detroit office's mail", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/about');
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByText('Not finding your favorite restaurant or hair salon?')).toBeVisible();
  await footer.getByRole('button', { name: 'Suggest Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest Location' });
  await expect(dialog.getByText("Your favorite business isn't showing up? Tell us who we're missing.")).toBeVisible();
  // Bad input: nothing filled in.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(dialog.locator('.field-error')).toHaveText(['This is required', 'This is required', 'This is required']);
  await expect(dialog.getByLabel('Business name')).toHaveAttribute('aria-invalid', 'true');
  // Happy path.
  const name = uniqueWord('Pizzeria');
  await dialog.getByLabel('Business name').fill(name);
  await dialog.getByLabel('City').fill('Royal Oak');
  await dialog.getByLabel('State').selectOption('MI');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Suggestion Submitted!' })).toBeVisible();
  const [mail] = await mailsContaining(name);
  expect(mail!.to).toContain('detroit@localsaver.example');
  expect(mail!.text).toContain('Royal Oak');
  // Closing returns focus to the trigger.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(footer.getByRole('button', { name: 'Suggest Location' })).toBeFocused();
});

test("'Suggest a Contractor' in the Twin Cities footer goes to the Twin Cities office", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/contests');
  const footer = page.locator('footer.site-footer');
  await expect(footer).toHaveAttribute('data-variant', 'full');
  await footer.getByRole('button', { name: 'Suggest a Contractor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a Contractor' });
  const name = uniqueWord('Roofing');
  await dialog.getByLabel('Contractor name').fill(name);
  await dialog.getByLabel('City').fill('Saint Paul');
  await dialog.getByLabel('State').selectOption('MN');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Suggestion Submitted!' })).toBeVisible();
  const [mail] = await mailsContaining(name);
  expect(mail!.to).toContain('twincities@localsaver.example');
});

test("'Mailing List Removal': a bad zip, then 'Submitted.', one request only, and the dialog closes", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/');
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByText('To stop receiving our magazine, we just need your address.')).toBeVisible();
  await footer.getByRole('button', { name: 'Mailing List Removal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mailing List Removal' });
  const street = `${Date.now() % 100000} ${uniqueWord('Maple')} St`;
  await dialog.getByLabel('Street address').fill(street);
  await dialog.getByLabel('Apartment / unit').fill('Apt 2');
  await dialog.getByLabel('City').fill('Ferndale');
  await dialog.getByLabel('State').selectOption('MI');
  await dialog.getByLabel('ZIP code').fill('482');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.locator('.field-error')).toHaveText(['Enter a 5-digit zip code.']);
  await dialog.getByLabel('ZIP code').fill('48220');
  // Count the browser's posts: a double click sends one.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/forms/mailing-removal')) posts.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText('Submitted.');
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(1);
  const found = await mailsContaining(street);
  expect(found).toHaveLength(1);
  expect(found[0]!.text).toContain('48220');
});

test("'Request List Removal' in the Twin Cities footer", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/');
  await page.locator('footer.site-footer').getByRole('button', { name: 'Request List Removal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request List Removal' });
  const street = `${Date.now() % 100000} ${uniqueWord('Lake')} Ave`;
  await dialog.getByLabel('Street address').fill(street);
  await dialog.getByLabel('Apartment / unit').fill('Unit 5');
  await dialog.getByLabel('City').fill('Minneapolis');
  await dialog.getByLabel('State').selectOption('MN');
  await dialog.getByLabel('ZIP code').fill('55401');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Submitted.');
  await expect(dialog).toBeHidden();
  const [mail] = await mailsContaining(street);
  expect(mail!.to).toContain('twincities@localsaver.example');
});

test("the newsletter button: a bad e-mail, then 'Sign up' -> 'Submitted!' for 5 s and 'check your inbox'; the mailed link confirms, then the welcome with unsubscribe", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/blog');
  const strip = page.getByRole('region', { name: 'Become a Member' });
  const email = strip.getByLabel('E-mail address');
  const button = strip.getByRole('button', { name: /Sign up|Sending|Submitted!/ });
  await expect(button).toHaveText('Sign up');
  await email.fill('not-an-address');
  await button.click();
  await expect(strip.getByRole('alert')).toHaveText('Enter a valid email address.');
  await expect(email).toHaveValue('not-an-address');
  const address = `${uniqueWord('saver')}@example.com`;
  await email.fill(address);
  await button.click();
  await expect(button).toHaveText('Submitted!');
  await expect(strip.getByRole('alert')).toHaveCount(0);
  await expect(email).toHaveValue(address);
  // Double opt-in (docs/decisions.md): nothing is subscribed until the mailed link is used.
  const checkInbox = 'Almost done! Check your inbox and open the link we sent to confirm your subscription.';
  await expect(strip.getByRole('status')).toHaveText(checkInbox);
  // After 5 s (SPEC.md 4, 9) the label reverts and the e-mail clears; the note stays.
  await expect(button).toHaveText('Sign up', { timeout: 10_000 });
  await expect(email).toHaveValue('');
  await expect(strip.getByRole('status')).toHaveText(checkInbox);

  const [confirmation] = await mailsContaining(address);
  expect(confirmation!.subject).toBe('Confirm your LocalSaver newsletter subscription');
  const confirmLink = /https?:\/\/[^\s"'<>]+\/newsletter\/confirm\?token=[^\s"'<>]+/.exec(confirmation!.text)?.[0];
  expect(confirmLink, 'the confirmation link').toBeTruthy();
  const confirmUrl = new URL(confirmLink!.replaceAll('&amp;', '&'));
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm Your Subscription');
  await expect(page.locator('.form-success')).toHaveText('Thank you! Your subscription to the LocalSaver newsletter is confirmed.');

  const welcome = (await mailsContaining(address, 2)).find((m) => m.subject === 'Welcome to the LocalSaver newsletter');
  expect(welcome, 'the welcome after confirming').toBeTruthy();
  const link = /https?:\/\/[^\s"'<>]+\/auth\/newsletter\/unsubscribe\/\?token=[^\s"'<>]+/.exec(welcome!.text)?.[0];
  expect(link, 'the one-click unsubscribe link').toBeTruthy();
  const url = new URL(link!.replaceAll('&amp;', '&'));
  const unsubscribe = await page.request.get(`${url.pathname}${url.search}`);
  expect(unsubscribe.status()).toBe(200);
});

test('a used newsletter confirmation link says so', async ({ page }) => {
  allowConsoleError(page, /status of 400/);
  await page.goto('/newsletter/confirm?token=' + 'x'.repeat(32));
  await expect(page.locator('.auth-card').getByRole('alert')).toHaveText('This confirmation link is invalid or has expired.');
});

test("'Get the Magazine': required address fields, then the request reaches the office", async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/');
  await page.locator('footer.site-footer').getByRole('button', { name: 'Get the Magazine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get the Magazine' });
  const last = uniqueWord('Reader');
  await dialog.getByLabel('First name').fill('Jamie');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('E-mail', { exact: true }).fill(`${last.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Send me the magazine' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(dialog.locator('.field-error')).toHaveText(['This is required', 'This is required', 'This is required']);
  await dialog.getByLabel('Street address').fill('500 Woodward Ave');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('ZIP code').fill('48226');
  await dialog.getByRole('button', { name: 'Send me the magazine' }).click();
  await expect(dialog.getByRole('heading', { name: 'Submitted!' })).toBeVisible();
  const [mail] = await mailsContaining(last);
  expect(mail!.text).toContain('500 Woodward Ave');
});

test('every footer form shows the server failure when the client has sent too many leads', async ({ page, request }) => {
  const address = newClientAddress();
  const limited = await exhaustLeadQuota(request, address);
  expect(limited).toBe('Too many submissions. Please wait a few minutes and try again.');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await setPlace(page, DETROIT);
  await page.goto('/');
  const footer = page.locator('footer.site-footer');

  await footer.getByRole('button', { name: 'Suggest Location' }).click();
  let dialog = page.getByRole('dialog', { name: 'Suggest Location' });
  await dialog.getByLabel('Business name').fill('Corner Bakery');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('State').selectOption('MI');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(limited);
  await expect(dialog.getByRole('heading', { name: 'Suggestion Submitted!' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await footer.getByRole('button', { name: 'Mailing List Removal' }).click();
  dialog = page.getByRole('dialog', { name: 'Mailing List Removal' });
  await dialog.getByLabel('Street address').fill('1 Main St');
  await dialog.getByLabel('Apartment / unit').fill('1');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('ZIP code').fill('48201');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // SPEC.md 8: the mailing removal failure text.
  await expect(dialog.getByRole('alert')).toHaveText('Unable to submit request.');
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.keyboard.press('Escape');

  await footer.getByRole('button', { name: 'Get the Magazine' }).click();
  dialog = page.getByRole('dialog', { name: 'Get the Magazine' });
  await dialog.getByLabel('First name').fill('Jamie');
  await dialog.getByLabel('Last name').fill('Quota');
  await dialog.getByLabel('E-mail', { exact: true }).fill('quota@example.com');
  await dialog.getByLabel('Street address').fill('1 Main St');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('ZIP code').fill('48201');
  await dialog.getByRole('button', { name: 'Send me the magazine' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(limited);
  await page.keyboard.press('Escape');

  const strip = page.getByRole('region', { name: 'Become a Member' });
  await strip.getByLabel('E-mail address').fill('quota@example.com');
  await strip.getByRole('button', { name: 'Sign up' }).click();
  await expect(strip.getByRole('alert')).toHaveText(limited);
  await expect(strip.getByRole('button', { name: 'Sign up' })).toBeVisible();
});

test('when the server cannot answer a form post, the form says so and the page stays', async ({ page }) => {
  allowConsoleError(page, /status of 503 \(Service Unavailable\) @ .*\/forms\//);
  await setPlace(page, DETROIT);
  // The browser's form requests fail as behind a proxy whose upstream is down.
  await page.route('**/forms/**', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()));
  await page.goto('/contact');
  const footer = page.locator('footer.site-footer');
  await footer.getByRole('button', { name: 'Suggest Location' }).click();
  let dialog = page.getByRole('dialog', { name: 'Suggest Location' });
  await dialog.getByLabel('Business name').fill('Corner Bakery');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('State').selectOption('MI');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('There was an issue processing your request. Please try again later.');
  await page.keyboard.press('Escape');
  await footer.getByRole('button', { name: 'Mailing List Removal' }).click();
  dialog = page.getByRole('dialog', { name: 'Mailing List Removal' });
  await dialog.getByLabel('Street address').fill('1 Main St');
  await dialog.getByLabel('Apartment / unit').fill('1');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByLabel('ZIP code').fill('48201');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Unable to submit request.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detroit Office');
});

test.describe('before JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer forms are links to their pages, which post and show the answer', async ({ page }) => {
    await useOwnClientAddress(page);
    await setPlace(page, DETROIT);
    await page.goto('/');
    await page.locator('footer.site-footer').getByRole('button', { name: 'Suggest Location' }).click();
    await expect(page).toHaveURL(/\/forms\/suggest$/);
    await expect(page).toHaveTitle('Suggest Location | LocalSaver');
    const form = page.getByRole('main');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.locator('.field-error')).toHaveText(['This is required', 'This is required', 'This is required']);
    const name = uniqueWord('Diner');
    await form.getByLabel('Business name').fill(name);
    await form.getByLabel('City').fill('Detroit');
    await form.getByLabel('State').selectOption('MI');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('heading', { name: 'Suggestion Submitted!' })).toBeVisible();
    await mailsContaining(name);

    await page.goto('/');
    await page.getByRole('region', { name: 'Become a Member' }).getByLabel('E-mail address').fill(`${uniqueWord('nojs')}@example.com`);
    await page.getByRole('region', { name: 'Become a Member' }).getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/forms\/newsletter$/);
    await expect(page.getByRole('main').getByRole('button', { name: 'Submitted!' })).toBeVisible();
  });
});
