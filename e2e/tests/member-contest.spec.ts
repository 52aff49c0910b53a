// Contest entry for an anonymous visitor (SPEC.md 4, 8): 'You must be logged in to enter in
// contests.' and the login modal; after signing in there the entry goes through. Entries need a
// confirmed e-mail address (docs/decisions.md): a member who has not confirmed is told so in the
// modal, can have the link sent again, and enters once it is used.
import { allowConsoleError, expect, test } from './public-fixtures.ts';
import { atDetroit, confirmEmailByApi, mailedLinks, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

const NOT_CONFIRMED = 'Please confirm your e-mail address to enter contests and sweepstakes. Open the link we e-mailed you, or ask for a new one.';

test('an anonymous entry opens the login modal with the message; signed in, the entry is submitted', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await confirmEmailByApi(request, m);
  await atDetroit(page);
  await page.goto('/contests');
  const card = page.locator('.contest-card').first();
  const name = (await card.locator('.card-title').textContent())!.trim();
  // No Save button for visitors (SPEC.md 6).
  await expect(card.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await card.locator('.card-title a').click();
  const contest = page.getByRole('dialog', { name });
  await contest.getByLabel('I have read and agree to the contest rules.').check();
  await contest.getByRole('button', { name: 'Enter Contest' }).click();
  const auth = page.getByRole('dialog', { name: 'Sign In or Sign Up' });
  await expect(auth.getByRole('alert').first()).toHaveText('You must be logged in to enter in contests.');
  await auth.getByLabel('Email').fill(m.email);
  await auth.getByLabel('Password').fill(m.password);
  await auth.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(auth).toBeHidden();
  await expect(page.locator('.greeting')).toHaveText('Hi, Pat');
  await contest.getByLabel('I have read and agree to the contest rules.').check();
  await contest.getByRole('button', { name: 'Enter Contest' }).click();
  await expect(contest.getByRole('button', { name: 'Entry Submitted' })).toBeDisabled();
  await expect(contest.getByText(NOT_CONFIRMED)).toHaveCount(0);
});

test('an unconfirmed member is told in the contest modal, sends the link again, confirms and enters', async ({ page, request }) => {
  // The refused entry (403) is reported on the browser's console.
  allowConsoleError(page, /status of 403/);
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await page.goto('/contests');
  const card = page.locator('.contest-card').first();
  const name = (await card.locator('.card-title').textContent())!.trim();
  await card.locator('.card-title a').click();
  const contest = page.getByRole('dialog', { name });
  const notice = contest.getByRole('note').filter({ hasText: NOT_CONFIRMED });
  await expect(notice).toBeVisible();

  // Entering anyway is refused by the server (403) and leaves the notice as the explanation.
  await contest.getByLabel('I have read and agree to the contest rules.').check();
  await contest.getByRole('button', { name: 'Enter Contest' }).click();
  await expect(notice).toBeVisible();
  await expect(contest.getByRole('button', { name: 'Entry Submitted' })).toHaveCount(0);

  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByRole('status')).toHaveText(`We have sent a new confirmation link to ${m.email}.`);
  await expect(notice.getByRole('button', { name: 'Send the link again' })).toBeDisabled();
  // The new link (the first one no longer works) is opened in another tab, as from a mail app.
  const links = await mailedLinks(m.email, /Confirm your LocalSaver e-mail address/, '/verify', 2);
  const mailTab = await page.context().newPage();
  await mailTab.goto(links[links.length - 1]!);
  await expect(mailTab.locator('.form-success')).toHaveText('Thank you! Your e-mail address is confirmed.');
  await mailTab.close();

  // Back in the first tab the notice goes, and the entry goes through.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(notice).toHaveCount(0);
  await contest.getByRole('button', { name: 'Enter Contest' }).click();
  await expect(contest.getByRole('button', { name: 'Entry Submitted' })).toBeDisabled();
});
