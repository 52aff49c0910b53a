// The business area's forms (SPEC.md 7) against the real API: the business lead form and the
// contractor application (yes/no answers, project checkboxes), each with its happy path (the lead
// reaches the database: the office's mail is built from the stored row), bad input with the shared
// schemas' messages, and the per-client rate limit as the server failure; and without JavaScript.
import { expect, newClientAddress, setPlace, test } from './public-fixtures.ts';
import { exhaustLeadQuota, mailsContaining, uniqueWord, useOwnClientAddress } from './lead-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

test('the business lead form: bad input, then the lead reaches the office of its state', async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/business/digital');
  const form = page.getByRole('form', { name: 'Business lead form' });
  await expect(form.getByLabel('Digital (website and e-mails)')).toBeChecked();
  await form.getByLabel('Digital (website and e-mails)').uncheck();
  const business = uniqueWord('Tacos');
  await form.getByLabel('Business name').fill(business);
  await form.getByLabel('First name').fill('Maria');
  await form.getByLabel('Last name').fill('Lopez');
  await form.getByLabel('Phone').fill('not a phone number');
  await form.getByLabel('E-mail', { exact: true }).fill('maria@example');
  await form.getByLabel('City').fill('Chicago');
  await form.getByLabel('State').selectOption('IL');
  await form.getByRole('button', { name: 'Contact me' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please correct the fields marked above.');
  await expect(form.getByText('Phone number not recognized')).toBeVisible();
  await expect(form.getByText('Enter a valid email address.')).toBeVisible();
  await expect(form.getByText('This is required')).toBeVisible();
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Phone').fill('(312) 555-0199');
  await form.getByLabel('E-mail', { exact: true }).fill('maria@example.com');
  await form.getByLabel('Print (the magazine)').check();
  await form.getByLabel('Digital (website and e-mails)').check();
  await form.getByLabel('Website (optional)').fill('tacos.example.com');
  await form.getByRole('button', { name: 'Contact me' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const [mail] = await mailsContaining(business);
  expect(mail!.to).toContain('chicago@localsaver.example');
  expect(mail!.text).toContain('+13125550199');
  expect(mail!.text).toMatch(/print/i);
  expect(mail!.text).toMatch(/digital/i);
});

test('the contractor application: yes/no answers and project checkboxes reach the office', async ({ page }) => {
  await useOwnClientAddress(page);
  await setPlace(page, DETROIT);
  await page.goto('/business/certification');
  const form = page.getByRole('form', { name: 'Contractor application form' });
  const company = uniqueWord('Builders');
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Novak');
  await form.getByLabel('Phone').fill('248-555-0177');
  await form.getByLabel('E-mail', { exact: true }).fill('sam@example.com');
  await form.getByLabel('City').fill('Troy');
  await form.getByLabel('State').selectOption('MI');
  await form.getByLabel('ZIP code').fill('48084');
  await form.getByLabel('Years in business').fill('12');
  await form.getByRole('button', { name: 'Send application' }).click();
  // Bad input: the yes/no questions and the projects are required.
  await expect(form.getByRole('alert')).toHaveText('Please correct the fields marked above.');
  await expect(form.getByText('Choose at least one kind of project.')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Is your business licensed where your trade requires it?' }).getByText('This is required')).toBeVisible();

  for (const [question, answer] of [
    ['Is your business licensed where your trade requires it?', 'Yes'],
    ['Is your business bonded where your trade or local rules require it?', 'No'],
    ['Do you carry company liability insurance?', 'Yes'],
    ["Do you carry workers' compensation insurance for your employees?", 'Yes'],
  ] as const) {
    await form.getByRole('group', { name: question }).getByLabel(answer).check();
  }
  await form.getByLabel('Kitchen & Bath').check();
  await form.getByLabel('Outdoors').check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application received!' })).toBeVisible();
  const [mail] = await mailsContaining(company);
  expect(mail!.to).toContain('detroit@localsaver.example');
  expect(mail!.text).toContain('kitchen-bath');
  expect(mail!.text).toContain('outdoors');
});

test('the business forms show the server failure when the client has sent too many leads', async ({ page, request }) => {
  const address = newClientAddress();
  const limited = await exhaustLeadQuota(request, address);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await setPlace(page, DETROIT);
  await page.goto('/business');
  const lead = page.getByRole('form', { name: 'Business lead form' });
  await lead.getByLabel('Business name').fill('Quota Cafe');
  await lead.getByLabel('First name').fill('Lee');
  await lead.getByLabel('Last name').fill('Park');
  await lead.getByLabel('Phone').fill('(248) 555-0142');
  await lead.getByLabel('E-mail', { exact: true }).fill('lee@example.com');
  await lead.getByLabel('City').fill('Detroit');
  await lead.getByLabel('State').selectOption('MI');
  await lead.getByRole('button', { name: 'Contact me' }).click();
  await expect(lead.getByRole('alert')).toHaveText(limited);

  await page.goto('/business?category=homepros');
  const contractor = page.getByRole('form', { name: 'Contractor application form' });
  await contractor.getByLabel('Company name').fill('Quota Roofing');
  await contractor.getByLabel('First name').fill('Lee');
  await contractor.getByLabel('Last name').fill('Park');
  await contractor.getByLabel('Phone').fill('(248) 555-0142');
  await contractor.getByLabel('E-mail', { exact: true }).fill('lee@example.com');
  await contractor.getByLabel('City').fill('Detroit');
  await contractor.getByLabel('State').selectOption('MI');
  await contractor.getByLabel('ZIP code').fill('48201');
  await contractor.getByLabel('Years in business').fill('3');
  for (const group of await contractor.getByRole('group').all()) {
    const yes = group.getByLabel('Yes', { exact: true });
    if (await yes.count()) await yes.check();
  }
  await contractor.getByLabel('Home Improvement').check();
  await contractor.getByRole('button', { name: 'Send application' }).click();
  await expect(contractor.getByRole('alert')).toHaveText(limited);
});

test.describe('before JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the business lead form posts and the answer page says thank you', async ({ page }) => {
    await useOwnClientAddress(page);
    await setPlace(page, DETROIT);
    await page.goto('/business/print');
    const form = page.getByRole('form', { name: 'Business lead form' });
    const business = uniqueWord('Salon');
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Ruiz');
    await form.getByLabel('Phone').fill('(813) 555-0190');
    await form.getByLabel('E-mail', { exact: true }).fill('ana@example.com');
    await form.getByLabel('City').fill('Tampa');
    await form.getByLabel('State').selectOption('FL');
    await form.getByRole('button', { name: 'Contact me' }).click();
    await expect(page).toHaveURL(/\/forms\/business-lead$/);
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    const [mail] = await mailsContaining(business);
    expect(mail!.to).toContain('florida@localsaver.example');
  });
});
