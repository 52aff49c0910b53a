// @vitest-environment node
// The business centre's server side against a stubbed API: its sign-in (owners' second factor,
// cashiers' password, anyone else refused), the business_session cookie the /r pages read, the
// 401 back to its own sign-in, and an offer's submit and save. Node's own Request (a browser's
// drops the Cookie header).
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { action as loginAction } from './login.tsx';
import { loader as layoutLoader } from './layout.tsx';
import { action as offerAction, loader as offerLoader } from './offer.tsx';

const TOKEN = 'business-token-0123456789abcdef';
const SIGNED_IN = { token: TOKEN, expires: 2_000_000_000, user: { id: 7, name: 'Bea Baker', email: 'bea@example.com', first_name: 'Bea' } };
const MERCHANTS = [
  {
    id: 3,
    name: 'Loon Bakery',
    slug: 'loon-bakery',
    role: 'owner',
    location_ids: null,
    locations: [{ id: 9, display_name: 'Loring Park', address: '1 Main St', city: 'Minneapolis', state: 'MN', market_id: 'minneapolis' }],
    second_factor_passed: true,
  },
];
const OFFER = {
  id: 40,
  merchant_id: 3,
  status: 'draft',
  offer_status: 'draft',
  version: 2,
  fields: {
    location_id: 9,
    category_id: 6,
    subcategory_ids: [],
    name: 'Free croissant',
    description: '<p>With coffee</p>',
    starts_at: null,
    expires_at: '2027-01-31',
    max_prints: 3,
    code: '',
    external_offer_url: '',
    retailer_terms: '',
    consumer_terms: '',
    secondary_type: 'other',
    fine_print: null,
  },
  fine_print_lines: [],
  badge: null,
  location: MERCHANTS[0]!.locations[0],
  revision: { id: 5, status: 'draft', review_note: null, submitted_at: null, reviewed_at: null, updated_at: '2026-11-26T10:00:00.000Z' },
  updated_at: '2026-11-26T10:00:00.000Z',
};
type Args = Parameters<typeof loginAction>[0];
const args = (request: Request, context: unknown, params: Record<string, string> = {}) => ({ request, context, params, unstable_pattern: '' }) as unknown as Args;
const session = `business_session=${TOKEN}`;

describe('/business/centre/login', () => {
  it("an owner's code: the business_session cookie for the whole site (the /r pages read it), and back to the page asked for", async () => {
    const { context, calls } = consoleContext({ 'POST /auth/login/': { body: { mfa_required: true, mfa_token: 'challenge-1' } }, 'POST /auth/mfa/verify/': { body: SIGNED_IN } });
    const first = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'password', email: 'bea@example.com', password: 'pw', next: '/business/centre/3' } }), context)));
    expect(first.body).toEqual({ step: 'code', mfaToken: 'challenge-1', recovery: false, message: null });
    const right = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'code', mfa_token: 'challenge-1', code: '123 456', next: '/business/centre/3' } }), context)));
    expect(right.location).toBe('/business/centre/3');
    expect(right.cookies).toEqual([`business_session=${TOKEN}; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax`]);
    expect(calls.at(-1)).toMatchObject({ path: '/auth/mfa/verify/', body: { mfa_token: 'challenge-1', code: '123456' } });
    const away = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'code', mfa_token: 'c', code: '123456', next: '/console/offers' } }), context)));
    expect(away.location).toBe('/business/centre');
  });

  it('not enrolled yet: to the set-up page with the challenge in its own cookie', async () => {
    const { context } = consoleContext({ 'POST /auth/login/': { body: { mfa_enrolment_required: true, mfa_token: 'challenge-2' } } });
    const result = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'password', email: 'bea@example.com', password: 'pw' } }), context)));
    expect(result.location).toBe('/business/centre/enrol');
    expect(result.cookies[0]).toMatch(/^business_mfa=[A-Za-z0-9_-]+; Path=\/business\/centre; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it("a cashier's password session is kept; an account on no team is refused and its session ended", async () => {
    const cashier = consoleContext({ 'POST /auth/login/': { body: SIGNED_IN }, 'GET /api/merchant/': { body: [{ ...MERCHANTS[0], role: 'cashier', location_ids: [9], second_factor_passed: false }] } }, { secure: true });
    const kept = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'password', email: 'c@example.com', password: 'pw' } }), cashier.context)));
    expect(kept.location).toBe('/business/centre');
    expect(kept.cookies).toEqual([`business_session=${TOKEN}; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure`]);
    expect(cashier.calls[1]).toMatchObject({ path: '/api/merchant/', headers: { authorization: `Bearer ${TOKEN}` } });

    const saver = consoleContext({ 'POST /auth/login/': { body: SIGNED_IN }, 'GET /api/merchant/': { body: [] }, 'POST /auth/logout/': { status: 204 } });
    const refused = await outcome(() => loginAction(args(pageRequest('/business/centre/login', { form: { intent: 'password', email: 's@example.com', password: 'pw' } }), saver.context)));
    expect(refused.body).toMatchObject({ step: 'password', message: 'This account is not on a business’s team. Ask LocalSaver for an invitation.' });
    expect(refused.cookies).toEqual([]);
    expect(saver.calls.at(-1)).toMatchObject({ path: '/auth/logout/', headers: { authorization: `Bearer ${TOKEN}` } });
  });
});

describe('signed in', () => {
  it('without a session: to the business centre sign-in, coming back afterwards', async () => {
    const { context } = consoleContext({ 'GET /api/merchant/': { status: 401, body: { detail: 'Sign in.' } } });
    const result = await outcome(() => layoutLoader(args(pageRequest('/business/centre/3', { cookie: session }), context) as never));
    expect(result.location).toBe('/business/centre/login?next=%2Fbusiness%2Fcentre%2F3');
    expect(result.cookies[0]).toMatch(/^business_session=; Path=\/; Max-Age=0/);
  });

  it('an offer: the form from the proposal; Submit posts the version read; a 409 under review is shown', async () => {
    const { context, calls } = consoleContext({
      'GET /api/merchant/': { body: MERCHANTS },
      'GET /api/merchant/3/offers/40/': { body: OFFER },
      'GET /api/categories/': { body: { main: [], filter: [], homepros: [] } },
      'POST /api/merchant/3/offers/40/submit/': { status: 409, body: { detail: 'This offer is waiting for LocalSaver’s review.', current: OFFER } },
      'PATCH /api/merchant/3/offers/40/': { body: { ...OFFER, version: 3 } },
    });
    const loaded = await outcome(() => offerLoader(args(pageRequest('/business/centre/3/offers/40', { cookie: session }), context, { merchantId: '3', id: '40' }) as never));
    expect(loaded.body).toMatchObject({ offer: { id: 40, status: 'draft', version: 2 }, values: { name: 'Free croissant', location_id: '9', version: '2' } });
    expect((loaded.body as { values: Record<string, unknown> }).values).not.toHaveProperty('is_featured');
    const submitted = await outcome(() => offerAction(args(pageRequest('/business/centre/3/offers/40', { cookie: session, form: { intent: 'submit', version: '2' } }), context, { merchantId: '3', id: '40' }) as never));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/merchant/3/offers/40/submit/', body: { version: 2 } });
    expect(submitted.body).toMatchObject({ message: 'This offer is waiting for LocalSaver’s review. The page now shows the offer as it stands.' });
    const form = { intent: 'save', version: '2', location_id: '9', category_id: '6', name: 'Two croissants', description: '', expires_at: '2027-01-31', max_prints: '3', secondary_type: 'other', is_featured: 'on' };
    const saved = await outcome(() => offerAction(args(pageRequest('/business/centre/3/offers/40', { cookie: session, form }), context, { merchantId: '3', id: '40' }) as never));
    expect(saved.location).toBe('/business/centre/3/offers/40?done=saved');
    const body = calls.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 2, name: 'Two croissants', location_id: 9 });
    expect(body).not.toHaveProperty('is_featured');
    expect(body).not.toHaveProperty('merchant_id');
  });
});
