// A recently expired coupon (SPEC.md 4 Offer expiry: shown as expired for 7 days) says 'Expired'
// with its date in the saved drawer, never 'Expires', and its deep link opens no coupon modal.
import { businessDay, expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

test("an expired coupon says 'Expired MM/DD/YYYY' in the drawer, not 'Expires', and opens no live modal", async ({ page, request }) => {
  const today = businessDay();
  let expired: { id: number; name: string; expires_at: string } | null = null;
  for (let id = 1; id <= 600 && !expired; id += 1) {
    const res = await request.get(`/api/offers/${id}/`);
    if (res.status() !== 200) continue;
    const offer = (await res.json()) as { id: number; name: string; expires_at: string; is_active: boolean; secondary_type: string };
    if (offer.is_active && offer.secondary_type === 'other' && offer.expires_at < today) expired = offer;
  }
  expect(expired, 'a recently expired offer in the seed').toBeTruthy();
  const [y, m, d] = expired!.expires_at.slice(0, 10).split('-');
  const date = `${m}/${d}/${y}`;

  const member = newMember();
  await registerByApi(request, member);
  const login = (await (await request.post('/auth/login/', { data: { email: member.email, password: member.password } })).json()) as { token: string };
  expect((await request.post('/api/userclipped/', { data: { offer_id: expired!.id }, headers: { authorization: `Bearer ${login.token}` } })).status()).toBe(201);
  await atDetroit(page);
  await signInOnPage(page, member);
  await page.getByRole('button', { name: /^Saved/ }).click();
  const row = page.getByRole('dialog', { name: 'My Saved Offers' }).locator(`.saved-item[data-offer-id="${expired!.id}"]`);
  await expect(row).toContainText(`Expired: ${date}`);
  await expect(row).not.toContainText('Expires');
  await page.keyboard.press('Escape');

  // An expired offer's detail counts as none (SPEC.md 4): its deep link never opens a live coupon
  // that says 'Expires' (saver-deep-links.spec.ts follows it to the merchant page).
  await page.goto(`/?o=${expired!.id}`);
  await expect(page.getByRole('dialog', { name: expired!.name })).toHaveCount(0);
  await expect(page.locator('.offer-expiry')).toHaveCount(0);
});
