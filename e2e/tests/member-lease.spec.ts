// The auto lease / test-drive form in the coupon modal of a Michigan car offer (SPEC.md 2, 4, 5):
// bad input messages before sending, then one submission, 'Form successfully submitted!', reset.
import { expect, test } from './public-fixtures.ts';
import { atDetroit } from './member-fixtures.ts';
import { useOwnClientAddress } from './lead-fixtures.ts';

test('the lease form shows its field messages, submits once and resets', async ({ page, request }) => {
  await atDetroit(page);
  // Lead forms are rate limited per client: this journey gets an address of its own.
  await useOwnClientAddress(page);
  const res = await request.get('/api/entities/?type=Offer&category=auto-transportation&city=Detroit&state=MI&limit=100');
  const offers = (await res.json()) as Array<{ entitiable_id: number; name: string; secondary_type: string; location: { state: string } }>;
  const car = offers.find((o) => o.secondary_type === 'lease' && o.location.state === 'MI');
  expect(car, 'a Michigan lease offer in the seed').toBeTruthy();
  const leads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/autolead/')) leads.push(r.postData() ?? '');
  });

  await page.goto(`/browse/auto-transportation?o=${car!.entitiable_id}`);
  const dialog = page.getByRole('dialog', { name: car!.name });
  const form = dialog.locator('form', { has: page.getByRole('button', { name: 'Submit' }) });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('This is required', { exact: true })).toHaveCount(5);
  await form.getByLabel('First Name').fill('Pat');
  await form.getByLabel('Last Name').fill('Driver');
  await form.getByLabel('Email').fill('pat.driver@example.com');
  await form.getByLabel('Phone').fill('123-456-7890');
  await form.getByLabel('Zip').fill('482');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Phone number not recognized')).toBeVisible();
  await expect(form.getByText('Enter a 5-digit zip code.')).toBeVisible();
  expect(leads).toEqual([]);

  await form.getByLabel('Phone').fill('(248) 555-0142');
  await form.getByLabel('Zip').fill('48226');
  await form.getByLabel('Schedule a test drive').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Form successfully submitted!')).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  expect(leads).toHaveLength(1);
  expect(JSON.parse(leads[0]!)).toMatchObject({ offer_id: car!.entitiable_id, offer_type: 'test-drive', phone: '+12485550142', zip: '48226' });
});
