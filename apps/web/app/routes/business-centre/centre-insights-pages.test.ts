// @vitest-environment node
// The business centre's analytics, leads, team, tills, till and locations pages' server side
// against a stubbed API: what each action sends, the CSV handed on with the session, and the
// `store_device` cookie set only for a live till of the business (the token never in a URL).
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { loader as exportLoader } from './analytics-export.ts';
import { action as leadsAction, loader as leadsLoader } from './leads.tsx';
import { action as locationsAction } from './locations.tsx';
import { action as teamAction } from './team.tsx';
import { action as tillAction, loader as tillLoader } from './till.tsx';
import { action as tillsAction } from './tills.tsx';

const TOKEN = 'business-token-0123456789abcdef';
const TILL_TOKEN = 'till-token-0123456789abcdefghij';
const session = `business_session=${TOKEN}`;
const MERCHANT = {
  id: 3,
  name: 'Loon Bakery',
  slug: 'loon-bakery',
  role: 'owner',
  location_ids: null,
  locations: [{ id: 9, display_name: 'Loring Park', address: '1 Main St', city: 'Minneapolis', state: 'MN', market_id: 'minneapolis' }],
  second_factor_passed: true,
};
const TILL = { id: 12, name: 'Front counter', merchant_id: 3, merchant_name: 'Loon Bakery', location_id: 9, location_name: 'Loring Park', city: 'Minneapolis' };
const LEAD = { id: 70, kind: 'autolead', status: 'new', created_at: '2026-11-26T10:00:00.000Z', request: 'lease', offer_id: 4, offer_name: 'Lease', location_id: 9, first_name: 'Dee', last_name: 'Driver', email: 'd@example.com', phone: null, zip: null, handled_at: '2026-11-26T11:00:00.000Z', handled_by: 'Bea Baker' };
const params = { merchantId: '3' };
const args = (request: Request, context: unknown, p: Record<string, string> = params) => ({ request, context, params: p, unstable_pattern: '' }) as never;

describe('analytics CSV', () => {
  it('asks the API with the session and the filters, and hands the file on as it arrives', async () => {
    const { context, calls } = consoleContext({ 'GET /api/merchant/3/analytics.csv?from=2026-11-01&offer_id=4': { raw: 'day,impressions\r\n', headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="a.csv"' } } });
    const res = (await exportLoader(args(pageRequest('/business/centre/3/analytics.csv?from=2026-11-01&offer_id=4&junk=1', { cookie: session }), context))) as Response;
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.csv"');
    expect(await res.text()).toBe('day,impressions\r\n');
    expect(calls[0]).toMatchObject({ path: '/api/merchant/3/analytics.csv?from=2026-11-01&offer_id=4', headers: { authorization: `Bearer ${TOKEN}` }, stream: true });
  });
});

describe('leads', () => {
  it('lists the open leads by default and marks one handled', async () => {
    const { context, calls } = consoleContext({
      'GET /api/merchant/': { body: [MERCHANT] },
      'GET /api/merchant/3/leads/?page=1&page_size=25&handled=false': { body: { results: [], count: 0, page: 1, page_size: 25 } },
      'PATCH /api/merchant/3/leads/70/': { body: LEAD },
    });
    const loaded = await outcome(() => leadsLoader(args(pageRequest('/business/centre/3/leads', { cookie: session }), context)));
    expect(loaded.body).toMatchObject({ show: 'open' });
    const marked = await outcome(() => leadsAction(args(pageRequest('/business/centre/3/leads', { cookie: session, form: { id: '70', handled: 'true' } }), context)));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/merchant/3/leads/70/', body: { handled: true } });
    expect(marked.body).toEqual({ ok: true, message: 'Dee Driver: marked handled.' });
  });
});

describe('team', () => {
  it('sends a role change with the password, a cashier with locations, and an invitation', async () => {
    const { context, calls } = consoleContext({
      'GET /api/merchant/': { body: [MERCHANT] },
      'PATCH /api/merchant/3/team/5/': { status: 400, body: { current_password: ['Enter your password to change a role.'] } },
      'POST /api/merchant/3/invitations/': { status: 201, body: {} },
    });
    const refused = await outcome(() => teamAction(args(pageRequest('/business/centre/3/team', { cookie: session, form: { intent: 'change', id: '5', version: '2', role: 'manager' } }), context)));
    expect(calls.at(-1)).toMatchObject({ body: { role: 'manager', version: 2 } });
    expect(refused.body).toMatchObject({ ok: false, form: 'person-5', fields: { current_password: ['Enter your password to change a role.'] } });
    await outcome(() => teamAction(args(pageRequest('/business/centre/3/team', { cookie: session, form: { intent: 'invite', email: 'new@example.com', role: 'cashier', location_ids: '9' } }), context)));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { email: 'new@example.com', role: 'cashier', location_ids: [9] } });
  });
});

describe('tills', () => {
  it('shows a new till’s token once; "Use this device" sets store_device only for a live till of this business', async () => {
    const { context, calls } = consoleContext({
      'GET /api/merchant/': { body: [MERCHANT] },
      'POST /api/merchant/3/devices/': { status: 201, body: { id: 12, name: 'Front counter', location_id: 9, location_name: 'Loring Park', created_at: '2026-11-26T10:00:00.000Z', last_used_at: null, revoked_at: null, token: TILL_TOKEN } },
      'GET /api/merchant/till/': (call) => (call.headers['x-store-device'] === TILL_TOKEN ? { body: TILL } : { status: 401, body: { detail: 'No.' } }),
    });
    const paired = await outcome(() => tillsAction(args(pageRequest('/business/centre/3/tills', { cookie: session, form: { intent: 'pair', name: 'Front counter', location_id: '9' } }), context)));
    expect(paired.body).toMatchObject({ ok: true, paired: { token: TILL_TOKEN } });
    expect(paired.cookies).toEqual([]);
    const used = await outcome(() => tillsAction(args(pageRequest('/business/centre/3/tills', { cookie: session, form: { intent: 'use', token: TILL_TOKEN } }), context)));
    expect(used.cookies).toEqual([`store_device=${TILL_TOKEN}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax`]);
    expect(calls.at(-1)).toMatchObject({ path: '/api/merchant/till/', headers: { 'x-store-device': TILL_TOKEN, authorization: '' } });
    const forged = await outcome(() => tillsAction(args(pageRequest('/business/centre/3/tills', { cookie: session, form: { intent: 'use', token: 'made-up-token-0123456789abc' } }), context)));
    expect(forged.cookies).toEqual([]);
    expect(forged.body).toMatchObject({ ok: false });
  });

  it('the till page names its location from the cookie; "Stop" clears it', async () => {
    const { context } = consoleContext({ 'GET /api/merchant/till/': { body: TILL } });
    const page = await outcome(() => tillLoader(args(pageRequest('/business/centre/till', { cookie: `store_device=${TILL_TOKEN}` }), context, {})));
    expect(page.body).toEqual({ till: TILL, hadCookie: true });
    const none = await outcome(() => tillLoader(args(pageRequest('/business/centre/till'), context, {})));
    expect(none.body).toEqual({ till: null, hadCookie: false });
    const stopped = await outcome(() => tillAction(args(pageRequest('/business/centre/till', { form: {} }), context, {})));
    expect(stopped.cookies).toEqual(['store_device=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax']);
  });
});

describe('locations', () => {
  it('sends hours, phone and links at the version read; a 409 is explained', async () => {
    const { context, calls } = consoleContext({ 'GET /api/merchant/': { body: [MERCHANT] }, 'PATCH /api/merchant/3/locations/9/': { status: 409, body: { detail: 'Changed.', current: {} } } });
    const form = { id: '9', version: '4', phone: '612 555 0100', website_url: '', menu_url: 'https://loon.example/menu', booking_url: '', 'hours.mon.0.open': '07:00', 'hours.mon.0.close': '15:00' };
    const answer = await outcome(() => locationsAction(args(pageRequest('/business/centre/3/locations', { cookie: session, form }), context)));
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { version: 4, phone: '612 555 0100', website_url: '', menu_url: 'https://loon.example/menu', booking_url: '', opening_hours: { mon: [{ open: '07:00', close: '15:00' }] } },
    });
    expect(answer.body).toMatchObject({ form: 'location-9', ok: false, message: expect.stringContaining('Someone else saved') });
  });
});
