// The saved drawer (SPEC.md 2 Saved items, 4 expiry): recently expired coupons in their own
// section, styled apart; tab empty states; the Cars tab only for Michigan.
import { businessDay, expect, test, CHICAGO } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';
import { setPlace } from './public-fixtures.ts';

test('a recently expired saved coupon shows under Recently Expired Coupons; Chicago has no Cars tab', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  const today = businessDay();
  let expired: { id: number; name: string } | null = null;
  for (let id = 1; id <= 600 && !expired; id += 1) {
    const res = await request.get(`/api/offers/${id}/`);
    if (res.status() !== 200) continue;
    const offer = (await res.json()) as { id: number; name: string; expires_at: string; is_active: boolean; secondary_type: string };
    if (offer.is_active && offer.secondary_type === 'other' && offer.expires_at < today) expired = { id: offer.id, name: offer.name };
  }
  expect(expired, 'a recently expired offer in the seed').toBeTruthy();
  const login = (await (await request.post('/auth/login/', { data: { email: m.email, password: m.password } })).json()) as { token: string };
  const clip = await request.post('/api/userclipped/', { data: { offer_id: expired!.id }, headers: { authorization: `Bearer ${login.token}` } });
  expect(clip.status()).toBe(201);

  await atDetroit(page);
  await signInOnPage(page, m);
  await expect(page.locator('.saved-count')).toHaveText('1');
  await page.getByRole('button', { name: /^Saved/ }).click();
  const drawer = page.getByRole('dialog', { name: 'My Saved Offers' });
  // No active coupon: the empty state with its browse button, then the expired section.
  await expect(drawer.getByRole('link', { name: 'Browse Coupons' })).toHaveAttribute('href', '/browse/all');
  const section = drawer.getByRole('region', { name: 'Recently Expired Coupons' });
  await expect(section.getByRole('heading', { name: 'Recently Expired Coupons' })).toBeVisible();
  await expect(section.locator('.saved-item.expired')).toHaveCount(1);
  await expect(section.locator('.saved-item.expired')).toContainText(expired!.name);
  await drawer.getByRole('tab', { name: 'Cars' }).click();
  await expect(drawer.getByRole('link', { name: 'Browse Coupons' })).toHaveAttribute('href', '/browse/auto-transportation');
  await drawer.getByRole('tab', { name: 'Locations' }).click();
  await expect(drawer.getByText("You haven't saved any locations yet.", { exact: false })).toBeVisible();
  // Removing it from the drawer empties the counter.
  await drawer.getByRole('tab', { name: 'Coupons' }).click();
  await section.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.locator('.saved-count')).toHaveText('0');
  await page.keyboard.press('Escape');

  await setPlace(page, CHICAGO);
  await page.goto('/');
  await page.getByRole('button', { name: /^Saved/ }).click();
  await expect(page.getByRole('dialog', { name: 'My Saved Offers' }).getByRole('tab')).toHaveText(['Coupons', 'Contests', 'Locations']);
});
