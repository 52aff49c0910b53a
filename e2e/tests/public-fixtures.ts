// Shared fixtures of the public web journeys: every page fails its test on a console error or an
// uncaught exception, and helpers find seeded ids through the API (never hard-coded).
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';

export interface AnalyticsEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A client address of its own (the e2e server believes X-Forwarded-For from 127.0.0.1). */
export function newClientAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/**
 * After `goto` and `reload`, waits until React has hydrated the page (`<html data-hydrated>`, set
 * by the root layout) or the document has no module script to hydrate it (a PDF, a JSON answer).
 * A click sent between the server's HTML and hydration is lost, as it would be for a person on a
 * slow machine; journeys act on a page that answers, as a person does after a moment.
 */
function waitForHydrationOnNavigation(page: Page): void {
  const whenHydrated = async () => {
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true' || !document.querySelector('script[type="module"]'), null, { timeout: 20_000 })
      // A page that went on to another address, or closed, has nothing left to wait for; a page that
      // never hydrates fails on the journey's own next step, with its own message.
      .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await whenHydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await whenHydrated();
    return response;
  };
}

/**
 * E2E_SCRIPT_DELAY_MS (e.g. 1000): every script of the site arrives that much later, as on a slow
 * phone, so the journeys prove that a click before a part's code has arrived is not lost and that
 * the hydration mark waits for the parts the page drew (docs/operations.md). The service worker is
 * blocked in this mode (playwright.config.ts) so that no script skips the delay from its cache.
 */
export const SCRIPT_DELAY_MS = Number(process.env.E2E_SCRIPT_DELAY_MS ?? 0);

export const test = base.extend<{ consoleErrors: string[]; analyticsEvents: AnalyticsEvent[] }>({
  page: async ({ page, context, javaScriptEnabled }, use) => {
    if (SCRIPT_DELAY_MS > 0) {
      await context.route(/\/assets\/[^?#]+\.js(?:[?#]|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
        await route.fallback();
      });
    }
    if (javaScriptEnabled !== false) {
      waitForHydrationOnNavigation(page);
      context.on('page', waitForHydrationOnNavigation);
    }
    await use(page);
  },
  // Each journey's pages and API calls come from a client address of its own (the server believes
  // X-Forwarded-For from 127.0.0.1 here), so per-address limits such as ten sign-ups an hour count
  // one journey, not the whole suite. A test can still set another address of its own.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter: none here
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': newClientAddress() }),
  /**
   * Events the page sends to POST /api/analytics/event/ (SPEC.md 7). The endpoint belongs to the
   * analytics issue; the journeys check what the page sends and answer 204 themselves.
   */
  analyticsEvents: [
    async ({ page }, use) => {
      const events: AnalyticsEvent[] = [];
      await page.route('**/api/analytics/event/', async (route) => {
        const body = route.request().postData();
        if (body) events.push(JSON.parse(body) as AnalyticsEvent);
        await route.fulfill({ status: 204 });
      });
      await use(events);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, context, browser }, use) => {
      // Every page of the journey counts: the test's own, its popups and new tabs, and pages of
      // contexts the test makes itself (no-JS pages, geolocation). A hydration mismatch (React
      // #418), an uncaught exception or a failed request the page did not expect fails the test.
      const errors: { page: Page | null; text: string }[] = [];
      const texts: string[] = [];
      const record = (from: Page | null, text: string) => {
        errors.push({ page: from, text });
        texts.push(text);
      };
      const watch = (ctx: BrowserContext) => {
        ctx.on('console', (message) => {
          if (message.type() === 'error') record(message.page(), `${message.text()} @ ${message.location().url}`);
        });
        ctx.on('weberror', (error) => record(error.page(), `pageerror: ${error.error().message}`));
      };
      watch(context);
      browser.on('context', watch);
      await use(texts);
      browser.off('context', watch);
      const unexpected = errors.filter((e) => !allowedFor(e.page ?? page).some((p) => p.test(e.text))).map((e) => e.text);
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

type WithAllowed = Page & { allowedErrors?: RegExp[] };

function allowedFor(page: Page): RegExp[] {
  return (page as WithAllowed).allowedErrors ?? [];
}

/** Lets a test expect a console error, e.g. the browser's report of a 404 document it asked for. */
export function allowConsoleError(page: Page, pattern: RegExp): void {
  const holder = page as WithAllowed;
  (holder.allowedErrors ??= []).push(pattern);
}

export { expect };

export const CHICAGO = { city: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298 };
export const MINNEAPOLIS = { city: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265 };

/** Sets the visitor's place and accepts cookies before the first page, as a returning visitor. */
export async function setPlace(page: Page, place: { city: string; state: string; lat: number; lng: number }, options: { consent?: boolean } = {}) {
  const value = encodeURIComponent(JSON.stringify({ market: '', ...place }));
  await page.context().addCookies([{ name: 'userGeo', value, url: baseUrl() }]);
  if (options.consent !== false) await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }, { name: 'previouslyClosedSignUp', value: '1', url: baseUrl() }]);
}

/** The business time zone: offers expire, contests open and close on its days (docs/decisions.md). */
export const BUSINESS_TIME_ZONE = 'America/Detroit';

/**
 * The business day (America/Detroit, YYYY-MM-DD) `offset` calendar days from today. Days are
 * counted on the calendar, not as 24-hour steps, so a run near midnight on a daylight-saving change
 * gets the right day; and it is the runner's clock, which is the server's (the same machine, or
 * both under one faketime, docs/operations.md).
 */
export function businessDay(offset = 0, now: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

export function baseUrl(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
}

export interface ListItem {
  entitiable_id: number;
  name: string;
  merchant_slug: string;
  merchant_name: string;
  location_id: number;
  additional_offers: number;
}

export async function offersNear(request: APIRequestContext, place: { city: string; state: string }, extra = ''): Promise<ListItem[]> {
  const res = await request.get(`/api/entities/?type=Offer&city=${encodeURIComponent(place.city)}&state=${place.state}${extra}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListItem[];
}

/** The first offers (by id) with is_active false, and one whose location has no active offers. */
export async function findInactiveOffers(request: APIRequestContext): Promise<{ inactive: { id: number; slug: string; locationId: number } | null; noOnline: { slug: string; locationId: number } | null }> {
  let inactive: { id: number; slug: string; locationId: number } | null = null;
  let noOnline: { slug: string; locationId: number } | null = null;
  for (let id = 1; id <= 1500 && !(inactive && noOnline); id += 1) {
    const res = await request.get(`/api/offers/${id}/`);
    if (res.status() !== 200) continue;
    const offer = (await res.json()) as { is_active: boolean; merchant: { slug: string }; location: { id: number } };
    if (offer.is_active) continue;
    inactive ??= { id, slug: offer.merchant.slug, locationId: offer.location.id };
    if (!noOnline) {
      const loc = (await (await request.get(`/api/locations/${offer.location.id}/`)).json()) as { entities: unknown[]; merchant_slug: string };
      if (loc.entities.length === 0) noOnline = { slug: loc.merchant_slug, locationId: offer.location.id };
    }
  }
  return { inactive, noOnline };
}

/** Runs axe on the page and expects no serious or critical violation. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`),
    `${label}: serious or critical axe violations`,
  ).toEqual([]);
}
