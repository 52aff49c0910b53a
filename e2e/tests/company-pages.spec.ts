// Company, marketing and blog pages (SPEC.md 2 Routes): every page answers server-side with its
// title and heading, /contact shows the office of citycontact, the blog lists posts, renders a post
// and serves its RSS feed, terms and privacy cover sweepstakes rules, the 13+ age rule,
// unsubscribing and account deletion, and the 404 page keeps the site's look.
import { allowConsoleError, expect, expectAccessible, offersNear, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

const PAGES: ReadonlyArray<[path: string, title: string, heading: RegExp]> = [
  ['/about', 'About Us', /Live Life for Less, close to home/],
  ['/presskit', 'Press Kit', /Press Kit/],
  ['/careers', 'Careers', /We're hiring/],
  ['/contact', 'Contact Us: Detroit Office', /Detroit Office/],
  ['/blog', 'Blog', /^Blog$/],
  ['/terms', 'Terms of Use', /Terms of Use/],
  ['/privacy', 'Privacy Policy', /Privacy Policy/],
  ['/kitchen-and-bath', 'Kitchen & Bath Remodeling', /kitchen and bath/],
  ['/outdoors', 'Outdoor Living & Landscaping', /outdoor season/],
  ['/home-improvement', 'Home Improvement', /Home improvement, done right/],
  ['/service-and-repair', 'Home Service & Repair', /when something breaks/],
  ['/cleaning-and-maintenance', 'Cleaning & Maintenance', /A cleaner home/],
];

test('every company and marketing page is rendered by the server with its title and heading', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, title, heading] of PAGES) {
    const html = await request.get(path);
    expect(html.status(), path).toBe(200);
    expect(await html.text(), path).toContain(`<title>${title.replace(/&/g, '&amp;')} | LocalSaver</title>`);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(`${title} | LocalSaver`);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
    // Company pages keep the consumer footer with the newsletter strip.
    await expect(page.getByRole('heading', { name: 'Become a Member' }), path).toBeVisible();
  }
  await context.close();
});

test('the footer Quick Links reach every company page', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/');
  const quick = page.getByRole('navigation', { name: 'Quick Links' });
  for (const [name, path, title] of [
    ['About Us', '/about', 'About Us'],
    ['Careers', '/careers', 'Careers'],
    ['Press Kit', '/presskit', 'Press Kit'],
    ['Contact Us', '/contact', 'Contact Us: Detroit Office'],
    ['Terms of Use', '/terms', 'Terms of Use'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ] as const) {
    await quick.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${title} | LocalSaver`);
  }
});

test('/contact shows the office of citycontact, and Detroit otherwise', async ({ page }) => {
  const offices = [
    ['', 'Detroit Office', '2000 Town Center, Suite 1900', 'Southfield, MI 48075', '(248) 555-0100', 'Monday to Friday 8:30am-5:00pm'],
    ['?citycontact=chicago', 'Chicago Office', '225 W Wacker Dr, Suite 1400', 'Chicago, IL 60606', '(312) 555-0110', 'Monday to Friday 8:30am-5:00pm'],
    ['?citycontact=minneapolis', 'Twin Cities Office', '80 S 8th St, Suite 2200', 'Minneapolis, MN 55402', '(612) 555-0120', 'Monday to Friday 8:30am-5:00pm'],
    ['?citycontact=florida', 'Florida Office', '100 N Tampa St, Suite 3100', 'Tampa, FL 33602', '(813) 555-0130', 'Monday to Friday 9:00am-5:00pm'],
    ['?citycontact=atlantis', 'Detroit Office', '2000 Town Center, Suite 1900', 'Southfield, MI 48075', '(248) 555-0100', 'Monday to Friday 8:30am-5:00pm'],
  ] as const;
  for (const [query, title, street, city, phone, hours] of offices) {
    await page.goto(`/contact${query}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const office = page.locator('article.office[aria-current="true"]');
    await expect(office.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(office.locator('address')).toContainText(street);
    await expect(office.locator('address')).toContainText(city);
    await expect(office.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^0-9]/g, '')}`);
    await expect(office).toContainText(`${hours}. Closed weekends.`);
    // The three other offices are listed below.
    await expect(page.locator('article.office:not([aria-current])')).toHaveCount(3);
  }
  await page.goto('/contact');
  await page.getByRole('navigation', { name: 'Offices' }).getByRole('link', { name: 'Twin Cities' }).click();
  await expect(page).toHaveURL(/\/contact\?citycontact=minneapolis$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Twin Cities Office');
});

test('the blog lists posts newest first, renders a post from its Markdown file and links back', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/blog');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml');
  const posts = page.getByRole('list', { name: 'Posts' }).getByRole('article');
  expect(await posts.count()).toBeGreaterThanOrEqual(4);
  const dates = await posts.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());
  for (const d of await posts.locator('time').allTextContents()) expect(d).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.getByRole('link', { name: 'How our contests and sweepstakes work (and why they are free)' }).click();
  await expect(page).toHaveURL(/\/blog\/contest-season-how-our-sweepstakes-work$/);
  await expect(page).toHaveTitle('How our contests and sweepstakes work (and why they are free) | LocalSaver');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How our contests and sweepstakes work (and why they are free)');
  await expect(page.getByText('08/18/2026')).toBeVisible();
  // Markdown rendered: headings, lists, bold text and in-site links.
  await expect(page.getByRole('heading', { level: 2, name: 'Drawing the winners' })).toBeVisible();
  await expect(page.locator('.prose strong', { hasText: 'No purchase is necessary' })).toBeVisible();
  await page.locator('.prose').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/terms#official-sweepstakes-rules$/);
  await expect(page.getByRole('heading', { name: 'Official sweepstakes rules' })).toBeVisible();
  await page.goBack();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the blog RSS feed lists every post with absolute links and dates', async ({ request }) => {
  const res = await request.get('/blog/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
  expect(xml).toContain('<title>LocalSaver Blog</title>');
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
  expect(items.length).toBeGreaterThanOrEqual(4);
  for (const item of items) {
    expect(item).toMatch(/<link>https?:\/\/[^<]+\/blog\/[a-z0-9-]+<\/link>/);
    expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} 12:00:00 GMT<\/pubDate>/);
    expect(item).toMatch(/<content:encoded>&lt;/);
  }
  // Each linked post exists.
  const link = /<link>https?:\/\/[^/]+(\/blog\/[a-z0-9-]+)<\/link>/.exec(items[0]!)![1]!;
  expect((await request.get(link)).status()).toBe(200);
});

test('terms and privacy cover sweepstakes rules, the 13+ age rule, unsubscribe and account deletion', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/terms');
  const terms = page.locator('.prose');
  await expect(terms.getByRole('heading', { name: 'Official sweepstakes rules' })).toBeVisible();
  await expect(terms).toContainText('NO PURCHASE NECESSARY TO ENTER OR WIN');
  await expect(terms).toContainText('at least 13 years old');
  await expect(terms).toContainText('13 years of age or older');
  await expect(terms).toContainText('Every e-mail has an unsubscribe link');
  await expect(terms).toContainText('delete your account at any time');
  await page.goto('/privacy');
  const privacy = page.locator('.prose');
  await expect(privacy.getByRole('heading', { name: 'Your choices' })).toBeVisible();
  await expect(privacy).toContainText('Unsubscribe from e-mail');
  await expect(privacy).toContainText('Delete your account');
  await expect(privacy).toContainText('13 and older');
  await expect(privacy).toContainText('We do not sell your personal information.');
  // The cookie banner's link reaches this page.
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByRole('region', { name: /cookie/i }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('a marketing page shows offers of its category near the visitor, which open the offer modal', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/service-and-repair');
  await expect(page.getByRole('link', { name: 'See all offers' })).toHaveAttribute('href', '/browse/service-repair');
  const cards = page.getByRole('list', { name: 'Home Service & Repair offers' }).getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  await cards.first().locator('.card-title a').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/service-and-repair\?o=\d+/);
});

test('unknown pages and unknown posts answer 404 in the site look', async ({ page }) => {
  allowConsoleError(page, /status of 404/);
  await setPlace(page, DETROIT);
  for (const path of ['/no-such-page', '/blog/no-such-post', '/forms/no-such-form']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle('Page Not Found | LocalSaver');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('footer.site-footer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  }
});

test('axe finds no serious or critical issue on the company pages', async ({ page }) => {
  await setPlace(page, DETROIT);
  for (const path of ['/about', '/contact?citycontact=florida', '/blog', '/blog/why-local-businesses-still-mail-coupons', '/terms', '/outdoors', '/no-such-page']) {
    if (path === '/no-such-page') allowConsoleError(page, /status of 404/);
    await page.goto(path);
    await expectAccessible(page, path);
  }
});

test('sitemap.xml lists the business, company, marketing and blog pages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/business/certification', '/about', '/contact?citycontact=florida', '/terms', '/kitchen-and-bath', '/blog', '/blog/how-to-save-on-dining-out']) {
    expect(xml, path).toContain(`${path}</loc>`);
  }
});

test('every route of the SPEC.md route table answers a server-rendered page with its title', async ({ request }) => {
  const [offer] = await offersNear(request, { city: 'Detroit', state: 'MI' });
  expect(offer).toBeTruthy();
  const merchant = `/merchants/${offer!.merchant_slug}/${offer!.location_id}`;
  const pages = [
    '/',
    '/browse/all',
    ...['food-dining', 'home-improvement', 'auto-transportation', 'travel-entertainment', 'health-beauty', 'retail-fashion', 'kitchen-bath', 'outdoors', 'service-repair', 'cleaning-maintenance'].map((s) => `/browse/${s}`),
    '/contests',
    '/search?q=pizza&state=MI&city=Detroit',
    merchant,
    `/merchants/${offer!.merchant_slug}/`,
    `${merchant}?offers=true`,
    `${merchant}/?o=${offer!.entitiable_id}`,
    '/membership',
    '/login',
    '/login/recover',
    '/signup',
    '/user/account',
    '/user/account?info=1',
    '/user/account?interests=1',
    '/?personalize=true',
    ...PAGES.map(([path]) => path),
    '/business',
    '/business?category=homepros',
    '/business/print',
    '/business/digital',
    '/business/resources',
    '/business/certification',
    '/contact?citycontact=chicago',
    '/contact?citycontact=minneapolis',
    '/contact?citycontact=florida',
  ];
  for (const path of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toMatch(/<title>[^<]*LocalSaver[^<]*<\/title>/);
    expect(html, path).toMatch(/<h1[\s>]/);
  }
  // The printable coupon of the route table is a PDF.
  const pdf = await request.get(`/api/pdf?offer_id=${offer!.entitiable_id}&is_hpg=0`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
