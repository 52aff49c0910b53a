// Contest entry for an anonymous visitor (SPEC.md 4, 8): 'You must be logged in to enter in
// contests.' and the login modal; after signing in there the entry goes through.
import { expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi } from './member-fixtures.ts';

test('an anonymous entry opens the login modal with the message; signed in, the entry is submitted', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
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
});
