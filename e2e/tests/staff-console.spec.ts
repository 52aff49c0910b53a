// The staff console run from a browser (SPEC.md 8, docs/operations.md "Staff console"): the first
// administrator's invitation, the second factor, inviting an editor and a support member; an editor
// publishing an offer that savers see at once and pausing it; a contest entered by members on the
// saver site and drawn in the console, with its public draw record; a business lead handled and
// exported. The journeys share the staff accounts made in the first one (serial, one worker).
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { baseUrl, businessDay, expect, MINNEAPOLIS, newClientAddress, setPlace, test } from './public-fixtures.ts';
import { atDetroit, confirmEmailByApi, newMember, registerByApi, signInOnPage, type Member } from './member-fixtures.ts';
import { uniqueWord } from './lead-fixtures.ts';
import { acceptInvitation, createMerchantWithLocation, firstAdmin, invitationPath, signInAndEnrol } from './staff-fixtures.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const EDITOR = 'editor@localsaver.example';
const SUPPORT = 'support@localsaver.example';
/** Signed-in staff sessions (the console_session cookie), kept from the first journey. */
const sessions: Partial<Record<'admin' | 'editor' | 'support', StorageState>> = {};

/** A browser context of its own (cookies, client address), optionally signed in as a staff member. */
async function newContext(browser: Browser, state?: StorageState): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() }, storageState: state });
}

async function staffPage(browser: Browser, who: keyof typeof sessions): Promise<Page> {
  expect(sessions[who], `the ${who} signed in by the first journey`).toBeTruthy();
  return (await newContext(browser, sessions[who])).newPage();
}

/** A calendar day in Detroit time (contest days are Detroit days), `offset` days from today. */
const detroitDay = (offset: number): string => businessDay(offset);

test.describe.serial('staff console', () => {
  test('the first admin accepts, enrols the authenticator and invites an editor and a support member', async ({ page, browser }) => {
    // Another journey of the run (merchant-centre.spec.ts) may have accepted the invitation first.
    const { recoveryCodes } = await firstAdmin(page);
    if (recoveryCodes) expect(new Set(recoveryCodes).size).toBe(10);
    await expect(page).toHaveURL(/\/console\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Olive' })).toBeVisible();
    sessions.admin = await page.context().storageState();

    await page.goto('/console/staff');
    const invite = page.getByRole('form', { name: 'Invite' });
    for (const [email, role] of [
      [EDITOR, 'Editor'],
      [SUPPORT, 'Support'],
    ] as const) {
      await invite.getByLabel('E-mail').fill(email);
      await invite.getByLabel('Role').selectOption({ label: role });
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status').filter({ hasText: `The invitation is on its way to ${email}.` })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Invitations' })).toContainText(EDITOR);

    for (const [email, who, first] of [
      [EDITOR, 'editor', 'Eddie'],
      [SUPPORT, 'support', 'Sue'],
    ] as const) {
      const context = await newContext(browser);
      const own = await context.newPage();
      await acceptInvitation(own, await invitationPath(email), first, 'Staff');
      await signInAndEnrol(own, email);
      await own.getByRole('link', { name: 'I have saved these codes' }).click();
      await expect(own.getByRole('heading', { level: 1, name: `Welcome, ${first}` })).toBeVisible();
      sessions[who] = await context.storageState();
      await context.close();
    }
  });

  test('an editor publishes an offer that savers see at once, then pauses it', async ({ page, browser }) => {
    const staff = await staffPage(browser, 'editor');
    const merchant = `Journey Spa ${uniqueWord('m')}`;
    const offer = `Half off a facial ${uniqueWord('o')}`;

    // The pin comes from the city (no latitude typed): a seeded city of the Twin Cities market.
    await createMerchantWithLocation(staff, { name: merchant, phone: '(612) 555-0142', category: 'Health & Beauty', locationName: 'Downtown', street: '100 Nicollet Mall' });

    await staff.goto('/console/merchants');
    await staff.getByRole('link', { name: merchant }).click();
    await expect(staff.getByRole('heading', { level: 1, name: merchant })).toBeVisible();
    await expect(staff.getByRole('region', { name: 'Locations' }).getByRole('listitem')).toContainText(['Downtown']);
    await expect(staff.getByRole('region', { name: 'Locations' })).toContainText('Twin Cities');
    await staff.getByRole('link', { name: 'New offer' }).click();
    await staff.getByRole('combobox', { name: 'Location' }).selectOption({ index: 1 });
    await staff.getByLabel('Name', { exact: true }).fill(offer);
    await staff.getByLabel('Category').selectOption({ label: 'Health & Beauty' });
    await staff.getByLabel('Featured').check();
    await staff.getByLabel('Last valid day').fill(detroitDay(60));
    await staff.getByRole('button', { name: 'Create draft' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: offer })).toBeVisible();
    await staff.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Publish' }).click();
    await expect(staff.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Pause' })).toBeVisible();

    // A saver in Minneapolis (not signed in) finds it in the category's browse page.
    await setPlace(page, MINNEAPOLIS);
    const card = page.locator('.offer-card', { hasText: offer });
    const listed = async () => {
      await page.goto('/browse/health-beauty?limit=100');
      return card.count();
    };
    await expect.poll(listed, { timeout: 5_000, intervals: [250, 500, 1000] }).toBe(1);

    await staff.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Pause' }).click();
    await expect(staff.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect.poll(listed, { timeout: 5_000, intervals: [250, 500, 1000] }).toBe(0);
    await staff.context().close();
  });

  test('two members enter a contest; after it ends the editor runs the draw and the public record shows it', async ({ page, browser, request }) => {
    const staff = await staffPage(browser, 'editor');
    const name = `Journey Contest ${uniqueWord('c')}`;
    await staff.goto('/console/contests/new');
    await staff.getByLabel('Name', { exact: true }).fill(name);
    await staff.getByLabel('Prize').fill('Two tickets to the journey');
    await staff.getByLabel('First day').fill(detroitDay(-1));
    await staff.getByLabel('Last day').fill(detroitDay(0));
    await staff.getByLabel('Shown in Detroit').check();
    await staff.getByLabel(/^Active/).check();
    await staff.getByRole('button', { name: 'Create contest' }).click();
    await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();

    // Two members with confirmed addresses enter on the saver site.
    const members: Member[] = [newMember(), newMember()];
    for (const m of members) {
      await registerByApi(request, m);
      await confirmEmailByApi(request, m);
    }
    await atDetroit(page);
    for (const m of members) {
      await signInOnPage(page, m);
      await page.goto('/contests');
      const card = page.locator('.contest-card', { hasText: name });
      await card.locator('.card-title a').click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByLabel('I have read and agree to the contest rules.').check();
      await dialog.getByRole('button', { name: 'Enter Contest' }).click();
      await expect(dialog.getByRole('button', { name: 'Entry Submitted' })).toBeDisabled();
      await page.context().clearCookies();
      await atDetroit(page);
    }

    // The contest ends yesterday; the draw can then be run.
    await staff.reload();
    await expect(staff.getByText('2 entries')).toBeVisible();
    await staff.getByLabel('First day').fill(detroitDay(-2));
    await staff.getByLabel('Last day').fill(detroitDay(-1));
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await expect(staff.getByText('The contest is saved.')).toBeVisible();
    await staff.getByLabel('Number of winners').fill('2');
    await staff.getByRole('button', { name: 'Review the draw' }).click();
    await expect(staff.getByText('Draw 2 winners from 2 entries')).toBeVisible();
    await staff.getByRole('button', { name: 'Yes, run the draw' }).click();
    await expect(staff.getByText(/The draw is recorded: 2 winners, seed \d+\./)).toBeVisible();
    const draw = staff.locator('.console-draw');
    await expect(draw.locator('.console-winners li')).toHaveCount(2);
    const seed = (await draw.locator('dt:text-is("Seed") + dd').textContent())!.trim();

    // The public draw record: entry count, seed and the winners' first names.
    const record = staff.getByRole('link', { name: 'Public draw record (Detroit)' });
    const href = (await record.getAttribute('href'))!;
    expect(href).toMatch(/^\/contests\/\d+\/draws$/);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText('2 entries', { exact: true })).toBeVisible();
    const section = page.getByRole('region', { name: /^The draw of / });
    await expect(section.locator('code.draw-seed')).toHaveText(seed);
    await expect(section.getByRole('table')).toContainText(/Pat S\./);
    await staff.context().close();
  });

  test('support handles a business lead and exports it', async ({ page, browser }) => {
    const business = `Journey Tacos ${uniqueWord('lead')}`;
    await page.goto('/business/digital');
    const form = page.getByRole('form', { name: 'Business lead form' });
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('First name').fill('Maria');
    await form.getByLabel('Last name').fill('Lopez');
    await form.getByLabel('Phone').fill('(312) 555-0199');
    await form.getByLabel('E-mail', { exact: true }).fill('maria@example.com');
    await form.getByLabel('City').fill('Chicago');
    await form.getByLabel('State').selectOption('IL');
    await form.getByRole('button', { name: 'Contact me' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

    const staff = await staffPage(browser, 'support');
    await staff.goto('/console/leads');
    await staff.getByLabel('Search name, e-mail, phone or company').fill(business);
    await staff.getByRole('button', { name: 'Search' }).click();
    const rows = staff.getByRole('table', { name: 'Leads' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('link').first().click();
    await staff.getByRole('button', { name: 'Start work (in progress)' }).click();
    await expect(staff.getByText('Status: In progress.')).toBeVisible();
    await staff.getByRole('button', { name: 'Mark as done' }).click();
    await expect(staff.getByText('Status: Done.')).toBeVisible();

    await staff.goto(`/console/leads?q=${encodeURIComponent(business)}`);
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toMatch(/^id,/);
    expect(lines.filter((l) => l.includes(business))).toHaveLength(1);
    expect(lines.find((l) => l.includes(business))).toContain('done');
    await staff.context().close();
  });
});
