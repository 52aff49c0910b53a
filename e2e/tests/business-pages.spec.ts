// The business area (SPEC.md 2 Routes): /business, its home-pros variant, print, digital, resources
// and certification, each rendered by the server with its title, with the business footer ('Back To
// the main site', no newsletter strip) and real copy for the four markets.
import { expect, expectAccessible, MINNEAPOLIS, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

const PAGES: ReadonlyArray<[path: string, title: string, heading: RegExp]> = [
  ['/business', 'Advertise With Us', /Bring more local customers through your door/],
  ['/business?category=homepros', 'Home Pros: Get Certified and Win More Jobs', /Get certified\. Win more jobs\./],
  ['/business/print', 'Print Advertising', /in the mailbox of every home nearby/],
  ['/business/digital', 'Digital Advertising', /Be found by savers nearby/],
  ['/business/resources', 'Advertiser Resources', /Everything you need to run a great offer/],
  ['/business/certification', 'HomePros Certification', /Certified HomePros/],
];

test('every business page is rendered by the server with its title and the business footer', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, title, heading] of PAGES) {
    const html = await request.get(path);
    expect(html.status(), path).toBe(200);
    expect(await html.text(), path).toContain(`<title>${title} | LocalSaver</title>`);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(`${title} | LocalSaver`);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    const footer = page.locator('footer.site-footer');
    await expect(footer, path).toHaveAttribute('data-business', 'true');
    await expect(footer.getByRole('link', { name: 'Back To the main site' }), path).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: 'Become a Member' }), path).toHaveCount(0);
    await expect(page.locator('#newsletter-email'), path).toHaveCount(0);
  }
  await context.close();
});

test("the header's Advertise and 'Are you a Home Pro?' links lead into the business area, and back out", async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/');
  await page.getByRole('link', { name: 'Advertise', exact: true }).click();
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bring more local customers through your door');
  // The four markets, each with its office's phone.
  const markets = page.getByRole('region', { name: 'Four markets, one local team each' });
  for (const phone of ['(248) 555-0100', '(312) 555-0110', '(612) 555-0120', '(813) 555-0130']) await expect(markets.getByRole('link', { name: phone })).toBeVisible();
  await page.getByRole('link', { name: 'Print advertising' }).click();
  await expect(page).toHaveURL(/\/business\/print$/);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Advertise' }).click();
  await page.getByRole('link', { name: 'Digital advertising' }).click();
  await expect(page).toHaveURL(/\/business\/digital$/);
  await page.getByRole('link', { name: 'Back To the main site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Become a Member' })).toBeVisible();

  // 'Are you a Home Pro?' is in the header of the home-pros variant (SPEC.md 2 Header).
  await page.goto('/browse/home-improvement');
  await page.getByRole('link', { name: 'Are you a Home Pro?' }).click();
  await expect(page).toHaveURL(/\/business\?category=homepros$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get certified. Win more jobs.');
  await page.getByRole('link', { name: 'Certification requirements', exact: true }).click();
  await expect(page).toHaveURL(/\/business\/certification$/);
});

test('the certification page says what a certified pro must be and how to apply', async ({ page }) => {
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/business/certification');
  await expect(page).toHaveTitle('HomePros Certification | LocalSaver Twin Cities');
  const requirements = page.getByRole('region', { name: 'What a certified pro must be' });
  for (const name of ['Licensed where required', 'Bonded when needed', 'Insured']) await expect(requirements.getByRole('heading', { name })).toBeVisible();
  await expect(requirements).toContainText("workers' compensation");
  await expect(requirements).toContainText('company (general) liability insurance');
  await expect(page.getByRole('region', { name: 'How to apply' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Contractor application' })).toBeVisible();
  // The business footer in the Twin Cities look too.
  await expect(page.locator('footer.site-footer')).toHaveAttribute('data-business', 'true');
  await expect(page.getByRole('link', { name: 'Back To the main site' })).toBeVisible();
});

test('the resources page answers common questions', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/business/resources');
  const faq = page.getByRole('region', { name: 'Questions advertisers ask' });
  await faq.getByText('How much does advertising cost?').click();
  await expect(faq.getByText(/written quote with design, printing and postage included/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'HomePros certification: requirements and how to apply' })).toHaveAttribute('href', '/business/certification');
});

test('axe finds no serious or critical issue in the business area', async ({ page }) => {
  await setPlace(page, DETROIT);
  for (const [path] of PAGES) {
    await page.goto(path);
    await expectAccessible(page, path);
  }
});
