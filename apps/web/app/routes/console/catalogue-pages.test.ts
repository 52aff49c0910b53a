// @vitest-environment node
// The merchant, location and offer pages' server side against a stubbed API: what goes out, and
// what the page gets back (a 409 with both versions, a 400's field messages under the form's own
// field names, the status buttons of each status). Node's own Request, as in sign-in-flow.test.ts.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { offerActionsFor } from '../../lib/console/offer-actions.ts';
import { action as offerAction, loader as offerLoader } from './offer.tsx';
import { action as newOfferAction } from './offer-new.tsx';
import { loader as offersLoader } from './offers.tsx';
import { action as merchantAction, loader as merchantLoader } from './merchant.tsx';
import { loader as merchantsLoader } from './merchants.tsx';
import { action as imageAction } from './record-image.tsx';
import { loader as previewLoader } from './offer-coupon-preview.ts';
import { action as newLocationAction } from './location-new.tsx';
import { action as locationAction, loader as locationLoader } from './location.tsx';

const session = 'console_session=staff-token-0123456789abcdef';
type Args = Parameters<typeof offerLoader>[0];
const args = (request: Request, context: unknown, params: Record<string, string> = {}) => ({ request, context, params, unstable_pattern: '' }) as unknown as Args;

const CATEGORIES = {
  main: [
    { id: 1, name: 'Food & Dining', slug: 'food-dining', display: 'Food', order: 1, icon: null, path: null, count: 3, subcategories: [{ id: 11, name: 'Pizza', slug: 'pizza', list: null, count: 1, extra: null }] },
    { id: 4, name: 'Contests', slug: 'contests', display: 'Contests', order: 4, icon: null, path: null, count: 0, subcategories: [] },
  ],
  filter: [],
  homepros: [],
};

const LOCATION = {
  id: 31,
  merchant_id: 5,
  market_id: 'minneapolis',
  display_name: 'Downtown',
  address: '80 S 8th St',
  address2: '',
  city: 'Minneapolis',
  state: 'MN',
  zip: '55402',
  phone: null,
  lat: 44.9778,
  lng: -93.265,
  opening_hours: { mon: [{ open: '09:00', close: '17:00' }] },
  version: 2,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const MERCHANT = {
  id: 5,
  slug: 'lakeside-pizza',
  name: 'Lakeside Pizza',
  about: '<p>Wood-fired.</p>',
  website: null,
  phone: null,
  category: { id: 1, kind: 'main', slug: 'food-dining', name: 'Food & Dining' },
  subcategories: [],
  is_certified: true,
  licensed: false,
  bonded: false,
  insured: true,
  licence_number: null,
  licence_expires_on: null,
  insurance_expires_on: '2027-01-31',
  certified_badge: true,
  is_spotlight: false,
  logo_url: null,
  photo_url: null,
  version: 3,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  locations: [LOCATION],
};

function offer(overrides: Record<string, unknown> = {}) {
  return {
    id: 77,
    name: 'Two pizzas for $20',
    status: 'draft',
    version: 4,
    merchant: { id: 5, name: 'Lakeside Pizza' },
    location: { id: 31, display_name: 'Downtown', address: '80 S 8th St', city: 'Minneapolis', state: 'MN', market_id: 'minneapolis' },
    market_id: 'minneapolis',
    category_id: 1,
    starts_at: null,
    expires_at: '2026-12-31',
    is_featured: false,
    secondary_type: 'other',
    updated_at: '2026-11-20T10:00:00Z',
    slug: 'two-pizzas-for-20',
    subcategory_ids: [11],
    description: '<p>Any two large pizzas.</p>',
    picture_path: null,
    max_prints: 3,
    code: '',
    external_offer_url: '',
    retailer_terms: '<p>Not with other offers.</p>',
    consumer_terms: '',
    fine_print: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], min_purchase_cents: 2500 },
    fine_print_lines: ['Valid Mon–Fri', 'Minimum purchase $25'],
    value: { kind: 'amount_off', amount_cents: 500 },
    badge: '$5 off',
    created_by: 1,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** The offer form as the page posts it (every field, the version read). */
function offerForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: 'save',
    version: '4',
    merchant_id: '5',
    location_id: '31',
    category_id: '1',
    subcategory_ids: '11',
    name: 'Two large pizzas for $20',
    description: '<p>Any two large pizzas.</p>',
    starts_at: '',
    expires_at: '2026-12-31',
    max_prints: '3',
    code: '',
    external_offer_url: '',
    retailer_terms: '',
    consumer_terms: '',
    secondary_type: 'other',
    'fine_print.days': 'mon',
    'fine_print.min_purchase': '25',
    'value.kind': 'price',
    'value.amount': '19.99',
    'value.regular_price': '$29.99',
    ...overrides,
  };
}

describe('/console/offers/:id', () => {
  const offerApi = (extra: Record<string, Parameters<typeof consoleContext>[0][string]> = {}, status = 'draft') =>
    consoleContext({
      'GET /api/console/offers/77/': { body: offer({ status }) },
      'GET /api/console/merchants/5/': { body: MERCHANT },
      'GET /api/categories/': { body: CATEGORIES },
      ...extra,
    });

  it('a stale version answers 409: the form gets their version beside yours, and carries theirs from then on', async () => {
    const { context, calls } = offerApi({
      'PATCH /api/console/offers/77/': { status: 409, body: { detail: 'Someone else changed this offer since you opened it.', current: offer({ name: 'Two pizzas for $18', version: 5, fine_print: null, fine_print_lines: [] }) } },
    });
    const result = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: offerForm() }), context, { id: '77' }) as never));
    expect(result.status).toBe(200);
    const body = result.body as { conflict: { message: string; theirs: Record<string, unknown>; version: string }; values: Record<string, unknown> };
    expect(body.conflict.message).toBe('Someone else changed this offer since you opened it.');
    expect(body.conflict.theirs).toMatchObject({ name: 'Two pizzas for $18', version: '5', 'fine_print.days': [], 'fine_print.min_purchase': '' });
    expect(body.values).toMatchObject({ name: 'Two large pizzas for $20', version: '5', 'fine_print.min_purchase': '25', 'value.amount': '19.99' });
    // The body sent: the API's fields, the version read, the fine print as structured JSON in cents.
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/console/offers/77/',
      headers: { authorization: 'Bearer staff-token-0123456789abcdef' },
      body: { version: 4, merchant_id: 5, location_id: 31, category_id: 1, subcategory_ids: [11], name: 'Two large pizzas for $20', starts_at: null, max_prints: 3, is_featured: false, fine_print: { days: ['mon'], min_purchase_cents: 2500 }, value: { kind: 'price', price_cents: 1999, regular_price_cents: 2999 } },
    });
  });

  it("the API's 400 field messages come back under the form's field names, nested ones dotted", async () => {
    const { context } = offerApi({
      'PATCH /api/console/offers/77/': { status: 400, body: { location_id: ['This location is not one of the merchant’s.'], 'fine_print.hours.to': ['The hours must start and end at different times.'] } },
    });
    const result = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: offerForm() }), context, { id: '77' }) as never));
    expect(result.body).toMatchObject({ conflict: null, message: null, fields: { location_id: ['This location is not one of the merchant’s.'], 'fine_print.hours.to': ['The hours must start and end at different times.'] } });
  });

  it('checks the value fields before sending: dollars, the percent range and the free item', async () => {
    const { context, calls } = offerApi();
    const send = async (form: Record<string, string>) =>
      ((await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: offerForm(form) }), context, { id: '77' }) as never))).body as { fields: Record<string, string[]> }).fields;
    expect(await send({ 'value.kind': 'amount_off', 'value.amount': 'five', 'value.regular_price': '' })).toEqual({ 'value.amount_cents': ['Enter the amount in dollars, e.g. 5 or 2.50.'] });
    expect(await send({ 'value.kind': 'percent_off', 'value.percent': '150', 'value.regular_price': '' })).toEqual({ 'value.percent': ['Enter the percent off as a whole number from 1 to 100.'] });
    expect(await send({ 'value.kind': 'free_item', 'value.item': '  ', 'value.regular_price': '' })).toEqual({ 'value.item': ['Enter the free item, e.g. “dessert”.'] });
    expect(await send({ 'value.kind': 'coupon' })).toEqual({ 'value.kind': ['Choose the kind of value: amount_off, percent_off, bogo, price or free_item.'] });
    expect(calls).toHaveLength(0);
  });

  it('checks the form with the domain schema first: nothing goes out while a field is wrong', async () => {
    const { context, calls } = offerApi();
    const result = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: offerForm({ max_prints: '40', expires_at: '2026-02-30', 'fine_print.min_purchase': 'ten' }) }), context, { id: '77' }) as never));
    expect((result.body as { fields: Record<string, string[]> }).fields).toEqual({
      expires_at: ['Enter a date as YYYY-MM-DD.'],
      max_prints: ['Enter a whole number from 1 to 10.'],
      'fine_print.min_purchase_cents': ['Enter the minimum purchase in dollars, e.g. 25 or 25.50.'],
    });
    expect(calls).toHaveLength(0);
  });

  it('shows the status buttons of each status', async () => {
    expect(offerActionsFor('draft')).toEqual(['publish', 'duplicate']);
    expect(offerActionsFor('live')).toEqual(['pause', 'expire', 'duplicate']);
    expect(offerActionsFor('scheduled')).toEqual(['pause', 'expire', 'duplicate']);
    expect(offerActionsFor('paused')).toEqual(['resume', 'expire', 'duplicate']);
    expect(offerActionsFor('expired')).toEqual(['pause', 'duplicate']);
    for (const [status, actions] of [
      ['draft', ['publish', 'duplicate']],
      ['paused', ['resume', 'expire', 'duplicate']],
    ] as const) {
      const { context } = offerApi({}, status);
      const loaded = await outcome(() => offerLoader(args(pageRequest('/console/offers/77', { cookie: session }), context, { id: '77' })));
      expect((loaded.body as { actions: string[]; offer: { status: string } }).actions).toEqual(actions);
    }
  });

  it('a status button calls its action route with the version read; duplicate opens the copy', async () => {
    const { context, calls } = offerApi({
      'POST /api/console/offers/77/publish/': { body: offer({ status: 'live', version: 5 }) },
      'POST /api/console/offers/77/duplicate/': { status: 201, body: offer({ id: 78, name: 'Copy of Two pizzas for $20', version: 1 }) },
    });
    const published = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: { intent: 'publish', version: '4' } }), context, { id: '77' }) as never));
    expect(published.location).toBe('/console/offers/77?done=publish');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/console/offers/77/publish/', body: { version: 4 } });
    const copied = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: { intent: 'duplicate', version: '4' } }), context, { id: '77' }) as never));
    expect(copied.location).toBe('/console/offers/78?done=duplicate');
  });

  it('a refused publish shows why: a passed last day beside its field, a status changed meanwhile as a message', async () => {
    const { context } = offerApi({
      'POST /api/console/offers/77/publish/': { status: 400, body: { expires_at: ['The last valid day has passed: set a new one before publishing.'] } },
      'POST /api/console/offers/77/pause/': { status: 409, body: { detail: 'Only a published offer can be paused.', status: ['Only a published offer can be paused.'], current: offer() } },
    });
    const late = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: { intent: 'publish', version: '4' } }), context, { id: '77' }) as never));
    expect(late.body).toMatchObject({ values: null, fields: { expires_at: ['The last valid day has passed: set a new one before publishing.'] } });
    const stale = await outcome(() => offerAction(args(pageRequest('/console/offers/77', { cookie: session, form: { intent: 'pause', version: '4' } }), context, { id: '77' }) as never));
    expect((stale.body as { message: string }).message).toMatch(/^Only a published offer can be paused\. The page now shows the offer as it stands/);
  });

  it('previews the saved offer: the card as the list API answers it, the coupon as its PDF preview', async () => {
    const { context } = offerApi();
    const loaded = await outcome(() => offerLoader(args(pageRequest('/console/offers/77', { cookie: session }), context, { id: '77' })));
    const { preview, values } = loaded.body as { preview: { card: Record<string, unknown>; couponPdf: string }; values: Record<string, unknown> };
    expect(preview.card).toMatchObject({ entitiable_id: 77, merchant_slug: 'lakeside-pizza', location: { zip: '55402' }, is_certified: true, expires_at: '2026-12-31' });
    expect(preview.couponPdf).toBe('/console/offers/77/preview.pdf');
    expect(values).toMatchObject({ 'fine_print.days': ['mon', 'tue', 'wed', 'thu', 'fri'], 'fine_print.min_purchase': '25', subcategory_ids: ['11'] });
  });

  it('hands on the PDF preview of the printed coupon with the session, and the API\'s framing rules', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.3 preview');
    const { context, calls } = consoleContext({
      'GET /api/console/offers/77/preview.pdf?layout=home-pros': {
        raw: pdf,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="coupon-preview-x.pdf"', 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': "frame-ancestors 'self'", 'x-internal': 'no' },
      },
    });
    const res = (await previewLoader(args(pageRequest('/console/offers/77/preview.pdf?layout=home-pros&x=1', { cookie: session }), context, { id: '77' }) as never)) as Response;
    expect(calls[0]).toMatchObject({ method: 'GET', stream: true, headers: { authorization: 'Bearer staff-token-0123456789abcdef' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-internal')).toBeNull();
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe('%PDF-1.3 preview');
    const none = await outcome(() => previewLoader(args(pageRequest('/console/offers/77/preview.pdf'), consoleContext({}).context, { id: '77' }) as never));
    expect(none.location).toBe('/console/login?next=%2Fconsole%2Foffers%2F77%2Fpreview.pdf');
    expect((await outcome(() => previewLoader(args(pageRequest('/console/offers/x/preview.pdf', { cookie: session }), consoleContext({}).context, { id: 'x' }) as never))).status).toBe(404);
  });

  it('a new offer is created as a draft and opens its page', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/offers/': { status: 201, body: offer() } });
    const { version: _, intent: __, ...form } = offerForm();
    const result = await outcome(() => newOfferAction(args(pageRequest('/console/offers/new?merchant=5', { cookie: session, form }), context) as never));
    expect(result.location).toBe('/console/offers/77?done=created');
    expect(calls[0]!.body).not.toHaveProperty('version');
  });
});

describe('/console/offers and /console/merchants lists', () => {
  it('ask the API for the URL\'s filters, and offers only by last change', async () => {
    const { context, calls } = consoleContext({
      'GET /api/console/offers/?status=live&market=detroit&featured=1&sort=-updated_at&page=2': { body: { results: [], count: 30, page: 2, page_size: 25 } },
      'GET /api/console/offers/?secondary_type=lease': { body: { results: [offer({ secondary_type: 'lease', is_featured: true })], count: 1, page: 1, page_size: 25 } },
      'GET /api/console/merchants/?q=lake&certified=1&sort=name': { body: { results: [], count: 0, page: 1, page_size: 25 } },
      'GET /api/categories/': { body: CATEGORIES },
    });
    await outcome(() => offersLoader(args(pageRequest('/console/offers?status=live&market=detroit&featured=1&sort=-updated_at&page=2', { cookie: session }), context) as never));
    const leases = await outcome(() => offersLoader(args(pageRequest('/console/offers?secondary_type=lease&sort=name', { cookie: session }), context) as never));
    expect((leases.body as { rows: unknown[] }).rows[0]).toMatchObject({ kind: 'Car lease · Featured', status: 'draft', dates: 'Until 12/31/2026' });
    const merchants = await outcome(() => merchantsLoader(args(pageRequest('/console/merchants?q=lake&certified=1&sort=name', { cookie: session }), context) as never));
    // Contests is not a category a merchant is filed under.
    expect((merchants.body as { categories: unknown[] }).categories).toEqual([{ value: '1', label: 'Food & Dining' }]);
    expect(calls.map((c) => c.path)).toContain('/api/console/offers/?secondary_type=lease');
  });
});

describe('/console/merchants/:id', () => {
  it('shows the certified badge state, and a 409 with both versions', async () => {
    const { context } = consoleContext({
      'GET /api/console/merchants/5/': { body: MERCHANT },
      'GET /api/categories/': { body: CATEGORIES },
      'GET /api/console/merchants/5/team/': { body: { members: [], invitations: [] } },
      'GET /api/console/merchants/5/photos/': { body: { photos: [], max: 12 } },
      'PATCH /api/console/merchants/5/': { status: 409, body: { detail: 'Someone else changed this merchant since you opened it.', current: { ...MERCHANT, name: 'Lakeside Pizza Co.', version: 4 } } },
    });
    const loaded = await outcome(() => merchantLoader(args(pageRequest('/console/merchants/5?saved=saved', { cookie: session }), context, { id: '5' }) as never));
    expect(loaded.body).toMatchObject({ merchant: { badge: { shown: true, why: 'Certified and insured through 01/31/2027: savers see the certified badge.' } }, saved: 'Your changes were saved.', values: { is_certified: 'on', insured: 'on', licensed: '' } });
    const form = { intent: 'save', version: '3', name: 'Lakeside Pizzeria', about: '', website: '', phone: '', category_id: '1', is_certified: 'on', insured: 'on', insurance_expires_on: '2027-01-31' };
    const result = await outcome(() => merchantAction(args(pageRequest('/console/merchants/5', { cookie: session, form }), context, { id: '5' }) as never));
    expect(result.body).toMatchObject({ conflict: { theirs: { name: 'Lakeside Pizza Co.', version: '4' } }, values: { name: 'Lakeside Pizzeria', version: '4' } });
  });

  it('sends a contest banner and an offer picture to their own API upload, then back to the record; another kind is a 404', async () => {
    const contest = { id: 7, slug: 'c', display_name: 'C', description: '', rules: '', prize: 'P', starts_at: '2026-11-01', ends_at: '2026-12-01', status: 'running', is_active: true, sweepstakes_numbers: [], merchant_id: null, win_save_contest_link: null, picture_path: null, banner_path: '/media/uploads/banner-0123456789abcdef0123456789abcdef.webp', markets: [], entry_count: 0, version: 2, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' };
    const { context, calls } = consoleContext({
      'POST /api/console/contests/7/banner/': { body: contest },
      'POST /api/console/offers/77/picture/': { body: offer() },
    });
    const upload = (path: string, params: Record<string, string>) => {
      const body = new FormData();
      body.set('file', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'image.jpg', { type: 'image/jpeg' }));
      return outcome(() => imageAction(args(new Request(`http://localhost${path}`, { method: 'POST', headers: { cookie: session }, body }), context, params) as never));
    };
    expect((await upload('/console/contests/7/banner', { id: '7', kind: 'banner' })).location).toBe('/console/contests/7?saved=banner');
    expect((await upload('/console/offers/77/picture', { id: '77', kind: 'picture' })).location).toBe('/console/offers/77?done=picture');
    expect(calls.map((c) => c.path)).toEqual(['/api/console/contests/7/banner/', '/api/console/offers/77/picture/']);
    expect((calls[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect((await upload('/console/offers/77/logo', { id: '77', kind: 'logo' })).status).toBe(404);
    expect((await upload('/console/contests/x/banner', { id: 'x', kind: 'banner' })).status).toBe(404);
  });

  it('sends an uploaded logo to the API as multipart, and shows its refusal', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/merchants/5/logo/': { status: 413, body: { file: ['The image is larger than 5 MB. Send a smaller file.'] } } });
    const body = new FormData();
    body.set('file', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'logo.jpg', { type: 'image/jpeg' }));
    const request = new Request('http://localhost/console/merchants/5/logo', { method: 'POST', headers: { cookie: session }, body });
    const result = await outcome(() => imageAction(args(request, context, { id: '5', kind: 'logo' }) as never));
    expect(result.body).toMatchObject({ fields: { file: ['The image is larger than 5 MB. Send a smaller file.'] } });
    const sent = calls[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('logo.jpg');
    expect((sent.get('file') as File).size).toBe(3);
  });
});

describe('locations', () => {
  const form = { display_name: 'Downtown', address: '80 S 8th St', address2: '', city: 'Minneapolis', state: 'mn', zip: '55402', phone: '', 'hours.mon.0.open': '09:00', 'hours.mon.0.close': '17:00', 'hours.sat.1.open': '', lat: '', lng: '', lat_was: '', lng_was: '' };

  it('a new location: hours by weekday, no pin unless typed; saved, its page says how the point was found', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/merchants/5/locations/': { status: 201, body: { ...LOCATION, geocode: { matched: 'place', label: 'Minneapolis, MN' } } } });
    const result = await outcome(() => newLocationAction(args(pageRequest('/console/merchants/5/locations/new', { cookie: session, form }), context, { id: '5' }) as never));
    expect(calls[0]!.body).toEqual({ display_name: 'Downtown', address: '80 S 8th St', address2: '', city: 'Minneapolis', state: 'MN', zip: '55402', phone: '', opening_hours: { mon: [{ open: '09:00', close: '17:00' }] } });
    expect(result.location).toBe('/console/locations/31?matched=place&label=Minneapolis%2C+MN');
    const { context: page } = consoleContext({ 'GET /api/console/locations/31/': { body: LOCATION }, 'GET /api/console/merchants/5/': { body: MERCHANT } });
    const loaded = await outcome(() => locationLoader(args(pageRequest(result.location!, { cookie: session }), page, { id: '31' }) as never));
    expect(loaded.body).toMatchObject({ saved: { how: 'from the city in its state', label: 'Minneapolis, MN' }, location: { lat: 44.9778, lng: -93.265, market: 'Twin Cities' }, values: { 'hours.mon.0.open': '09:00', lat_was: '44.9778' } });
  });

  it('a pin typed by hand goes with the edit; opening-hours errors come back by day', async () => {
    const { context, calls } = consoleContext({ 'PATCH /api/console/locations/31/': { status: 400, body: { 'opening_hours.mon.0.close': ['The opening time must be before the closing time.'] } } });
    const edit = { ...form, version: '2', lat: '44.95', lng: '-93.09', lat_was: '44.9778', lng_was: '-93.265', 'hours.mon.0.close': '08:00' };
    const result = await outcome(() => locationAction(args(pageRequest('/console/locations/31', { cookie: session, form: edit }), context, { id: '31' }) as never));
    // The domain schema refuses it before the API is asked.
    expect(result.body).toMatchObject({ fields: { 'opening_hours.mon.0.close': ['The opening time must be before the closing time.'] } });
    expect(calls).toHaveLength(0);
    await outcome(() => locationAction(args(pageRequest('/console/locations/31', { cookie: session, form: { ...edit, 'hours.mon.0.close': '17:00' } }), context, { id: '31' }) as never));
    expect(calls[0]!.body).toMatchObject({ lat: 44.95, lng: -93.09, version: 2 });
  });
});
