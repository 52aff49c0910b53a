import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { pdfToText } from '../../../test/support/pdf.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addCategory, addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';
import { uploadFile } from '../../../test/support/multipart.ts';
import sharp from 'sharp';

type Json = Record<string, unknown>;

describe('console offers', () => {
  let t: TestApp;
  let admin: TestStaff;
  let editor: TestStaff;
  let chicagoEditor: TestStaff;
  let support: TestStaff;
  let member: TestMember;
  const u = uid();
  const catSlug = `co-main-${u}`;
  let category: { id: number };
  let sub: { id: number };
  let merchant: { id: number; name: string };
  let otherMerchant: { id: number };
  let location: { id: number; merchantId: number };
  let chicagoLocation: { id: number; merchantId: number };
  let otherLocation: { id: number; merchantId: number };
  const MPLS = { lat: 44.9778, lng: -93.265 };

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as Json | undefined });

  const body = (extra: Json = {}): Json => ({
    merchant_id: merchant.id,
    location_id: location.id,
    category_id: category.id,
    subcategory_ids: [sub.id],
    name: `Half-price pancakes ${u}`,
    description: '<p>Stacks <strong>half off</strong><script>alert(1)</script></p>',
    starts_at: null,
    expires_at: addDays(t.today, 30),
    max_prints: 5,
    external_offer_url: 'https://example.com/pancakes',
    retailer_terms: '<p>At the register</p><img src=x onerror=alert(1)>',
    consumer_terms: 'Not with other offers',
    secondary_type: 'other',
    fine_print: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '11:00', to: '15:00' }, min_purchase_cents: 2000, limit: 'one_per_household' },
    ...extra,
  });

  async function create(extra: Json = {}, who: TestStaff = editor): Promise<Json> {
    const res = await inject('POST', '/api/console/offers/', who.headers, body(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  }

  async function act(id: unknown, action: string, version: unknown, who: TestStaff = editor) {
    return inject('POST', `/api/console/offers/${id}/${action}/`, who.headers, { version });
  }

  /** Saver list around the location's city, as the home page asks (offer ids). */
  async function saverList(): Promise<number[]> {
    const res = await inject('GET', `/api/entities/?type=Offer&city=Minneapolis&state=MN&lat=${MPLS.lat}&lng=${MPLS.lng}&category=${catSlug}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ entitiable_id: number }>).map((i) => i.entitiable_id);
  }

  const auditOf = (id: unknown) =>
    t.db.rows<{ action: string; actor_id: number; market_id: string; before: Json | null; after: Json | null }>(
      sql`SELECT action, actor_id, market_id, before, after FROM audit_log WHERE entity = 'offer' AND entity_id = ${String(id)} ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    [admin, editor, chicagoEditor, support, member] = await Promise.all([
      signUpStaff(t.app, 'admin'),
      signUpStaff(t.app, 'editor', ['minneapolis']),
      signUpStaff(t.app, 'editor', ['chicago']),
      signUpStaff(t.app, 'support'),
      signUpMember(t.app),
    ]);
    category = await addCategory(t.db, { kind: 'main', slug: catSlug, name: `Console Main ${u}`, orderNum: 95 });
    sub = await addCategory(t.db, { kind: 'sub', slug: `co-sub-${u}`, name: `Console Sub ${u}`, parentId: category.id, list: 'restaurants' });
    merchant = await addMerchant(t.db, { name: `Loon Diner ${u}` });
    otherMerchant = await addMerchant(t.db, { name: `Other Diner ${u}` });
    location = await addLocation(t.db, merchant, MPLS, { marketId: 'minneapolis', city: 'Minneapolis', state: 'MN', zip: '55401', address: '1 Nicollet Mall' });
    chicagoLocation = await addLocation(t.db, merchant, { lat: 41.8781, lng: -87.6298 }, { marketId: 'chicago', city: 'Chicago', state: 'IL', zip: '60601' });
    otherLocation = await addLocation(t.db, otherMerchant, MPLS, { marketId: 'minneapolis', city: 'Minneapolis', state: 'MN', zip: '55401' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('who may call', () => {
    it('answers 401 anonymous, 403 member and support, 403 an editor of another market, 2xx an editor, on every route', async () => {
      const offer = await create();
      const id = offer.id as number;
      const routes: Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: () => unknown; ok: number }> = [
        { method: 'GET', url: '/api/console/offers/?market=minneapolis', ok: 200 },
        { method: 'POST', url: '/api/console/offers/', payload: () => body(), ok: 201 },
        { method: 'GET', url: `/api/console/offers/${id}/`, ok: 200 },
        { method: 'PATCH', url: `/api/console/offers/${id}/`, payload: async () => ({ version: ((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).json() as Json).version, name: `Renamed ${u}` }), ok: 200 },
        { method: 'POST', url: `/api/console/offers/${id}/duplicate/`, ok: 201 },
        { method: 'POST', url: `/api/console/offers/${id}/publish/`, payload: async () => ({ version: ((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).json() as Json).version }), ok: 200 },
        { method: 'POST', url: `/api/console/offers/${id}/pause/`, payload: async () => ({ version: ((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).json() as Json).version }), ok: 200 },
        { method: 'POST', url: `/api/console/offers/${id}/resume/`, payload: async () => ({ version: ((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).json() as Json).version }), ok: 200 },
        { method: 'POST', url: `/api/console/offers/${id}/expire/`, payload: async () => ({ version: ((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).json() as Json).version }), ok: 200 },
      ];
      for (const r of routes) {
        const payload = async () => (r.payload ? await r.payload() : undefined);
        expect((await inject(r.method, r.url, undefined, await payload())).statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
        expect((await inject(r.method, r.url, member.headers, await payload())).statusCode, `${r.method} ${r.url} member`).toBe(403);
        expect((await inject(r.method, r.url, support.headers, await payload())).statusCode, `${r.method} ${r.url} support`).toBe(403);
        const other = await inject(r.method, r.url, chicagoEditor.headers, await payload());
        expect(other.statusCode, `${r.method} ${r.url} other market: ${other.body}`).toBe(403);
        const ok = await inject(r.method, r.url, editor.headers, await payload());
        expect(ok.statusCode, `${r.method} ${r.url} editor: ${ok.body}`).toBe(r.ok);
        expect(ok.headers['cache-control']).toBe('private, no-store');
      }
      // An admin works on every market.
      expect((await inject('GET', `/api/console/offers/${id}/`, admin.headers)).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it('makes a draft with sanitised HTML, the fine print as lines, and an audit entry', async () => {
      const offer = await create();
      expect(offer).toMatchObject({
        status: 'draft',
        version: 1,
        merchant: { id: merchant.id, name: merchant.name },
        location: { id: location.id, city: 'Minneapolis', market_id: 'minneapolis' },
        market_id: 'minneapolis',
        category_id: category.id,
        subcategory_ids: [sub.id],
        description: '<p>Stacks <strong>half off</strong></p>',
        retailer_terms: '<p>At the register</p>',
        max_prints: 5,
        external_offer_url: 'https://example.com/pancakes',
        fine_print_lines: ['Valid Mon–Fri, 11:00 AM–3:00 PM', 'Minimum purchase $20', 'One per household'],
        created_by: editor.id,
      });
      const stored = await t.db.rows<{ status: string; is_active: boolean }>(sql`SELECT status, is_active FROM offers WHERE id = ${offer.id as number}`);
      expect(stored[0]).toEqual({ status: 'draft', is_active: false });
      const audit = await auditOf(offer.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'offer.create', actor_id: editor.id, market_id: 'minneapolis', before: null, after: { id: offer.id, status: 'draft', name: offer.name } });
      // A draft is not shown to savers.
      expect(await saverList()).not.toContain(offer.id);
    });

    it('answers 400 naming the field for bad input of any shape, never 5xx', async () => {
      const cases: Array<[unknown, string]> = [
        [body({ name: '' }), 'name'],
        [body({ name: 42 }), 'name'],
        [body({ merchant_id: 'abc' }), 'merchant_id'],
        [body({ merchant_id: 2_147_483_647 }), 'merchant_id'],
        [body({ location_id: otherLocation.id }), 'location_id'],
        [body({ location_id: 2_000_000_000 }), 'location_id'],
        [body({ category_id: sub.id }), 'category_id'],
        [body({ subcategory_ids: [category.id] }), 'subcategory_ids'],
        [body({ subcategory_ids: 'x' }), 'subcategory_ids'],
        [body({ starts_at: addDays(t.today, 10), expires_at: addDays(t.today, 5) }), 'expires_at'],
        [body({ expires_at: '2026-02-30' }), 'expires_at'],
        [body({ expires_at: null }), 'expires_at'],
        [body({ max_prints: 11 }), 'max_prints'],
        [body({ max_prints: 0 }), 'max_prints'],
        [body({ max_prints: 2.5 }), 'max_prints'],
        [body({ external_offer_url: 'javascript:alert(1)' }), 'external_offer_url'],
        [body({ external_offer_url: 'ftp://example.com' }), 'external_offer_url'],
        [body({ code: 'A B' }), 'code'],
        [body({ secondary_type: 'rent' }), 'secondary_type'],
        [body({ is_featured: 'yes' }), 'is_featured'],
        [body({ description: 'a\u0000b' }), 'description'],
        [body({ fine_print: { hours: { from: '25:00', to: '10:00' } } }), 'fine_print.hours.from'],
        [body({ fine_print: { days: ['funday'] } }), 'fine_print.days.0'],
        [body({ fine_print: { exclusions: 'x'.repeat(301) } }), 'fine_print.exclusions'],
        [body({ fine_print: 'Mondays' }), 'fine_print'],
        [body({ value: { kind: 'coupon' } }), 'value.kind'],
        [body({ value: { kind: 'amount_off', amount_cents: 2.5 } }), 'value.amount_cents'],
        [body({ value: { kind: 'amount_off', amount_cents: 99_999_999_999 } }), 'value.amount_cents'],
        [body({ value: { kind: 'percent_off', percent: 101 } }), 'value.percent'],
        [body({ value: { kind: 'price', price_cents: 0 } }), 'value.price_cents'],
        [body({ value: { kind: 'free_item', item: 'x'.repeat(61) } }), 'value.item'],
        [body({ value: { kind: 'free_item', item: 'pie\u0000' } }), 'value.item'],
        [body({ value: { kind: 'bogo', regular_price_cents: '12' } }), 'value.regular_price_cents'],
        [body({ value: '$5 off' }), 'value'],
        [body({ status: 'live' }), 'status'],
      ];
      for (const [payload, field] of cases) {
        const res = await inject('POST', '/api/console/offers/', editor.headers, payload);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json() as Json), `${field}: ${res.body}`).toContain(field);
      }
      for (const payload of [[], 'text', null, 12]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/console/offers/', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        expect(res.statusCode, res.body).toBe(400);
      }
      const empty = await inject('POST', '/api/console/offers/', editor.headers);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ name: ['This is required'], merchant_id: ['This is required'], expires_at: ['This is required'] });
    });

    it('refuses a location in a market the editor does not work on', async () => {
      const res = await inject('POST', '/api/console/offers/', editor.headers, body({ location_id: chicagoLocation.id }));
      expect(res.statusCode).toBe(403);
    });
  });

  describe('picture', () => {
    it('takes a picture from editors of its market, re-encoded without metadata, audited, and shown to savers at once', async () => {
      const offer = await create();
      const id = offer.id as number;
      expect((await act(id, 'publish', 1)).statusCode).toBe(200);
      const saverPath = async () => {
        const list = (await inject('GET', `/api/entities/?type=Offer&city=Minneapolis&state=MN&lat=${MPLS.lat}&lng=${MPLS.lng}&category=${catSlug}`)).json() as Array<{ entitiable_id: number; path: string | null }>;
        return { list: list.find((i) => i.entitiable_id === id)!.path, detail: ((await inject('GET', `/api/offers/${id}/`)).json() as { path: string | null }).path };
      };
      // Read once, so both answers are cached before the upload.
      expect(await saverPath()).toEqual({ list: null, detail: null });
      const jpeg = await sharp({ create: { width: 2000, height: 1125, channels: 3, background: '#e67e22' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'SECRET-OWNER-MARK' } })
        .toBuffer();
      const url = `/api/console/offers/${id}/picture/`;
      expect((await uploadFile(t.app, url, undefined, jpeg)).statusCode).toBe(401);
      expect((await uploadFile(t.app, url, member.headers, jpeg)).statusCode).toBe(403);
      expect((await uploadFile(t.app, url, support.headers, jpeg)).statusCode).toBe(403);
      expect((await uploadFile(t.app, url, chicagoEditor.headers, jpeg)).statusCode).toBe(403);
      expect((await uploadFile(t.app, '/api/console/offers/2000000000/picture/', editor.headers, jpeg)).statusCode).toBe(404);
      const big = await uploadFile(t.app, url, editor.headers, Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024, 1)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().file[0]).toMatch(/larger than 5 MB/);
      expect((await inject('POST', url, editor.headers, { file: 'x' })).json().file).toBeDefined();

      const res = await uploadFile(t.app, url, editor.headers, jpeg);
      expect(res.statusCode, res.body).toBe(200);
      const path = res.json().picture_path as string;
      expect(path).toMatch(/^\/media\/uploads\/picture-[0-9a-f]{32}\.webp$/);
      const served = await inject('GET', path);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('SECRET-OWNER-MARK')).toBe(false);
      // The cached saver answers were dropped: the list (offer_index) and the detail show it at once.
      expect(await saverPath()).toEqual({ list: path, detail: path });
      const audit = (await auditOf(id)).at(-1)!;
      expect(audit).toMatchObject({ action: 'offer.upload_picture', market_id: 'minneapolis', before: { picture_path: null }, after: { picture_path: path } });
    });
  });

  describe('printed coupon preview', () => {

    const counts = async (id: number) =>
      (await t.db.rows<{ copies: number; events: number }>(sql`SELECT (SELECT count(*)::int FROM print_copies WHERE offer_id = ${id}) AS copies, (SELECT count(*)::int FROM analytics_events WHERE offer_id = ${id}) AS events`))[0]!;

    it('renders a draft with the savers\' renderer, marked as a preview, with no copy, print or event, and audits it', async () => {
      const offer = await create({ code: 'PANCAKE5' });
      const id = offer.id as number;
      const url = `/api/console/offers/${id}/preview.pdf`;
      expect((await inject('GET', url)).statusCode).toBe(401);
      expect((await inject('GET', url, member.headers)).statusCode).toBe(403);
      expect((await inject('GET', url, support.headers)).statusCode).toBe(403);
      expect((await inject('GET', url, chicagoEditor.headers)).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/offers/2000000000/preview.pdf', editor.headers)).statusCode).toBe(404);
      expect((await inject('GET', `${url}?layout=poster`, editor.headers)).json()).toHaveProperty('layout');

      const res = await inject('GET', url, editor.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="coupon-preview-.*\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfToText(res.rawPayload);
      expect(text).toContain('PREVIEW - NOT VALID FOR REDEMPTION');
      expect(text).toContain('Half-price pancakes');
      expect(text).toContain('PANCAKE5');
      expect(text).toContain('Valid Mon-Fri, 11:00 AM-3:00 PM');
      expect(text).toContain('Copy PREVIEW');
      expect(text).not.toMatch(/LS-\d+-\d+/);
      expect(await counts(id)).toEqual({ copies: 0, events: 0 });
      // A saver still cannot print it: it is a draft.
      expect((await inject('GET', `/api/pdf?offer_id=${id}`)).statusCode).toBe(400);
      expect(await counts(id)).toEqual({ copies: 0, events: 0 });

      const home = await inject('GET', `${url}?layout=home-pros`, admin.headers);
      expect(await pdfToText(home.rawPayload)).toContain('Home Pros');
      const audit = (await auditOf(id)).filter((a) => a.action === 'offer.preview_coupon');
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ market_id: 'minneapolis', after: { status: 'draft', layout: 'default' } });
      expect(audit[1]).toMatchObject({ after: { layout: 'home-pros' } });
    });
  });

  describe('status, and savers see every change at once', () => {
    it('publish shows it in the saver list at once; pause hides it; resume shows it; expire now makes it expired', async () => {
      const offer = await create();
      const id = offer.id as number;
      const published = await act(id, 'publish', 1);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({ status: 'live', version: 2 });
      expect(await saverList()).toContain(id);
      const detail = await inject('GET', `/api/offers/${id}/`);
      expect(detail.json()).toMatchObject({ is_active: true, fine_print_lines: ['Valid Mon–Fri, 11:00 AM–3:00 PM', 'Minimum purchase $20', 'One per household'] });

      const paused = await act(id, 'pause', 2);
      expect(paused.json()).toMatchObject({ status: 'paused', version: 3 });
      expect(await saverList()).not.toContain(id);
      expect((await t.db.rows<{ is_active: boolean }>(sql`SELECT is_active FROM offers WHERE id = ${id}`))[0]!.is_active).toBe(false);

      const resumed = await act(id, 'resume', 3);
      expect(resumed.json()).toMatchObject({ status: 'live', version: 4 });
      expect(await saverList()).toContain(id);

      const expired = await act(id, 'expire', 4);
      expect(expired.json()).toMatchObject({ status: 'expired', version: 5, expires_at: addDays(t.today, -1) });
      expect(await saverList()).not.toContain(id);

      expect((await auditOf(id)).map((a) => a.action)).toEqual(['offer.create', 'offer.publish', 'offer.pause', 'offer.resume', 'offer.expire']);
      const [, publish] = await auditOf(id);
      expect(publish).toMatchObject({ before: { status: 'draft', version: 1 }, after: { status: 'live', version: 2 } });
    });

    it('refuses a step that does not apply to the status with 409', async () => {
      const offer = await create();
      const res = await act(offer.id, 'pause', 1);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: [expect.stringMatching(/published/)], current: { id: offer.id, status: 'draft' } });
      expect((await act(offer.id, 'resume', 1)).statusCode).toBe(409);
    });

    it('reads scheduled before its first day, then live; a past last day cannot be published', async () => {
      const offer = await create({ starts_at: addDays(t.today, 3) });
      const res = await act(offer.id, 'publish', 1);
      expect(res.json()).toMatchObject({ status: 'scheduled' });
      // Savers see a scheduled offer from its first day, not before, in lists or by its id.
      expect(await saverList()).not.toContain(offer.id);
      expect((await inject('GET', `/api/offers/${offer.id}/`)).json()).toMatchObject({ is_active: false });
      const moved = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 2, starts_at: t.today });
      expect(moved.json()).toMatchObject({ status: 'live', version: 3 });
      expect(await saverList()).toContain(offer.id);
      expect((await inject('GET', `/api/offers/${offer.id}/`)).json()).toMatchObject({ is_active: true });
      expect((await auditOf(offer.id)).at(-1)!.action).toBe('offer.schedule');

      const old = await create({ expires_at: addDays(t.today, -2) });
      const refused = await act(old.id, 'publish', 1);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('expires_at');
    });
  });

  describe('edit', () => {
    it('changes fields at the version read, audits before and after, and names feature changes', async () => {
      const offer = await create();
      const res = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, {
        version: 1,
        name: `Pancakes for two ${u}`,
        description: '<p onclick="x()">Two <em>stacks</em></p>',
        fine_print: { service: 'dine_in', new_customers_only: true, exclusions: 'holidays' },
        secondary_type: 'purchase',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        version: 2,
        name: `Pancakes for two ${u}`,
        description: '<p>Two <em>stacks</em></p>',
        secondary_type: 'purchase',
        fine_print_lines: ['New customers only', 'Dine-in only', 'Excludes holidays'],
      });
      const featured = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 2, is_featured: true });
      expect(featured.json()).toMatchObject({ is_featured: true, version: 3 });
      const actions = await auditOf(offer.id);
      expect(actions.map((a) => a.action)).toEqual(['offer.create', 'offer.update', 'offer.feature']);
      expect(actions[1]).toMatchObject({ before: { name: offer.name, version: 1 }, after: { name: `Pancakes for two ${u}`, version: 2 } });
    });

    it('sets, changes and clears the structured value, audited, and savers see its badge', async () => {
      const offer = await create({ value: { kind: 'free_item', item: '  dessert ', regular_price_cents: 799 } });
      expect(offer).toMatchObject({ value: { kind: 'free_item', item: 'dessert', regular_price_cents: 799 }, badge: 'Free dessert' });
      const id = offer.id as number;
      const changed = await inject('PATCH', `/api/console/offers/${id}/`, editor.headers, { version: 1, value: { kind: 'amount_off', amount_cents: 250 } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ version: 2, value: { kind: 'amount_off', amount_cents: 250 }, badge: '$2.50 off' });
      expect((await act(id, 'publish', 2)).statusCode).toBe(200);
      const detail = (await inject('GET', `/api/offers/${id}/`)).json() as Json;
      expect(detail).toMatchObject({ value: { kind: 'amount_off', amount_cents: 250 }, badge: '$2.50 off' });
      const [indexed] = await t.db.rows<{ saving_cents: number | null }>(sql`SELECT saving_cents FROM offer_index WHERE offer_id = ${id}`);
      expect(indexed).toEqual({ saving_cents: 250 });
      const cleared = await inject('PATCH', `/api/console/offers/${id}/`, editor.headers, { version: 3, value: null });
      expect(cleared.json()).toMatchObject({ version: 4, value: null, badge: null });
      expect((await inject('GET', `/api/offers/${id}/`)).json()).toMatchObject({ value: null, badge: null });
      const audit = await auditOf(id);
      expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.update', 'offer.publish', 'offer.update']);
      expect(audit[1]).toMatchObject({ before: { badge: 'Free dessert' }, after: { badge: '$2.50 off', value: { kind: 'amount_off', amount_cents: 250 } } });
      expect(audit[3]).toMatchObject({ before: { badge: '$2.50 off' }, after: { value: null } });
    });

    it('checks the dates against the stored ones and the location against the merchant', async () => {
      const offer = await create({ starts_at: addDays(t.today, 5) });
      const early = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, expires_at: addDays(t.today, 4) });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toHaveProperty('expires_at');
      const foreign = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, location_id: otherLocation.id });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toHaveProperty('location_id');
      const moveAway = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, location_id: chicagoLocation.id });
      expect(moveAway.statusCode).toBe(403);
      for (const [payload, field] of [
        [{ name: 'x' }, 'version'],
        [{ version: 'one' }, 'version'],
        [{ version: 1, max_prints: 99 }, 'max_prints'],
        [{ version: 1, colour: 'red' }, 'colour'],
      ] as const) {
        const res = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toHaveProperty(field);
      }
      expect((await inject('PATCH', '/api/console/offers/abc/', editor.headers, { version: 1 })).statusCode).toBe(400);
      expect((await inject('PATCH', '/api/console/offers/99999999/', editor.headers, { version: 1 })).statusCode).toBe(404);
      expect((await inject('GET', '/api/console/offers/99999999999/', editor.headers)).statusCode).toBe(400);
    });

    it('answers a stale version with 409 and the current record', async () => {
      const offer = await create();
      await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, name: `First ${u}` });
      const stale = await inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, name: `Second ${u}` });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ detail: expect.stringMatching(/changed this offer/), current: { id: offer.id, name: `First ${u}`, version: 2 } });
      expect((await act(offer.id, 'publish', 1)).statusCode).toBe(409);
    });

    it('lets exactly one of two parallel edits at the same version through', async () => {
      const offer = await create();
      const [a, b] = await Promise.all([
        inject('PATCH', `/api/console/offers/${offer.id}/`, editor.headers, { version: 1, name: `Parallel A ${u}` }),
        inject('PATCH', `/api/console/offers/${offer.id}/`, admin.headers, { version: 1, name: `Parallel B ${u}` }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      const winner = a.statusCode === 200 ? a : b;
      expect(loser.json()).toMatchObject({ current: { version: 2, name: (winner.json() as Json).name } });
      expect((await auditOf(offer.id)).map((e) => e.action)).toEqual(['offer.create', 'offer.update']);
    });

    it('duplicates as a new draft named "Copy of ..."', async () => {
      const offer = await create({ value: { kind: 'bogo', regular_price_cents: 1200 } });
      await act(offer.id, 'publish', 1);
      const res = await inject('POST', `/api/console/offers/${offer.id}/duplicate/`, editor.headers);
      expect(res.statusCode).toBe(201);
      const copy = res.json() as Json;
      expect(copy).toMatchObject({ status: 'draft', version: 1, name: `Copy of ${offer.name}`, description: offer.description, fine_print: offer.fine_print, value: { kind: 'bogo', regular_price_cents: 1200 }, badge: 'BOGO', location: { id: location.id } });
      expect(copy.id).not.toBe(offer.id);
      expect((await auditOf(copy.id))[0]).toMatchObject({ action: 'offer.duplicate', after: { duplicated_from: offer.id } });
    });
  });

  describe('list', () => {
    let ids: Record<string, number>;
    let listTag = '';
    const list = async (query: string, who: TestStaff = editor) => {
      const res = await inject('GET', `/api/console/offers/?${query}`, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { results: Json[]; count: number; page: number; page_size: number };
    };
    const idsOf = (page: { results: Json[] }) => page.results.map((r) => r.id);

    beforeAll(async () => {
      const tag = `Lst${uid()}`;
      listTag = tag;
      const add = async (key: string, values: Json, at = location) => {
        const row = await addOffer(t.db, at, category, { name: `${tag} ${key}`, expiresAt: addDays(t.today, 20), status: 'live', ...values } as never);
        ids[key] = row.id;
      };
      ids = {};
      await add('alpha', { expiresAt: addDays(t.today, 40), isFeatured: true });
      await add('bravo', { status: 'draft', isActive: false });
      await add('charlie', { status: 'paused', isActive: false, secondaryType: 'lease' });
      await add('delta', { expiresAt: addDays(t.today, -3) });
      await add('echo', { startsAt: addDays(t.today, 2), subcategoryIds: [sub.id] });
      await add('foxtrot', {}, chicagoLocation);
      await t.db.rows(sql`UPDATE offers SET updated_at = now() + interval '1 minute' WHERE id = ${ids.alpha!}`);
    });

    const tag = () => listTag;

    it('filters by name, derived status, market, merchant, category, featured and secondary type', async () => {
      const q = `q=${tag()}`;
      expect(new Set(idsOf(await list(`${q}&market=minneapolis`)))).toEqual(new Set([ids.alpha, ids.bravo, ids.charlie, ids.delta, ids.echo]));
      expect(idsOf(await list(`${q}&status=live`))).toEqual([ids.alpha]);
      expect(idsOf(await list(`${q}&status=draft`))).toEqual([ids.bravo]);
      expect(idsOf(await list(`${q}&status=paused`))).toEqual([ids.charlie]);
      expect(idsOf(await list(`${q}&status=expired`))).toEqual([ids.delta]);
      expect(idsOf(await list(`${q}&status=scheduled`))).toEqual([ids.echo]);
      expect(idsOf(await list(`${q}&featured=1`))).toEqual([ids.alpha]);
      expect(idsOf(await list(`${q}&secondary_type=lease`))).toEqual([ids.charlie]);
      expect(idsOf(await list(`${q}&category=${sub.id}`))).toEqual([ids.echo]);
      expect(new Set(idsOf(await list(`${q}&category=${category.id}&market=minneapolis`)))).toEqual(new Set([ids.alpha, ids.bravo, ids.charlie, ids.delta, ids.echo]));
      expect(idsOf(await list(`${q}&merchant_id=${otherMerchant.id}`))).toEqual([]);
      // The Minneapolis editor never sees the Chicago offer; an admin does.
      expect(idsOf(await list(q))).not.toContain(ids.foxtrot);
      expect(idsOf(await list(`${q}&market=chicago`, admin))).toEqual([ids.foxtrot]);
      expect((await inject('GET', `/api/console/offers/?market=chicago`, editor.headers)).statusCode).toBe(403);
      const first = (await list(`${q}&status=live`)).results[0]!;
      expect(first).toMatchObject({ name: `${tag()} alpha`, status: 'live', merchant: { id: merchant.id }, location: { id: location.id, market_id: 'minneapolis' }, is_featured: true });
    });

    it('sorts and pages with a count', async () => {
      const q = `q=${tag()}&market=minneapolis`;
      const byName = await list(`${q}&sort=name`);
      expect(idsOf(byName)).toEqual([ids.alpha, ids.bravo, ids.charlie, ids.delta, ids.echo]);
      expect(idsOf(await list(`${q}&sort=-name`))).toEqual([ids.echo, ids.delta, ids.charlie, ids.bravo, ids.alpha]);
      expect(idsOf(await list(`${q}&sort=expires_at`))[0]).toBe(ids.delta);
      expect(idsOf(await list(`${q}&sort=-expires_at`))[0]).toBe(ids.alpha);
      expect(idsOf(await list(`${q}&sort=-updated_at`))[0]).toBe(ids.alpha);
      const page2 = await list(`${q}&sort=name&page=2&page_size=2`);
      expect(page2).toMatchObject({ count: 5, page: 2, page_size: 2 });
      expect(idsOf(page2)).toEqual([ids.charlie, ids.delta]);
      expect(idsOf(await list(`${q}&sort=starts_at`))[0]).toBe(ids.echo);
    });

    it('answers 400 naming the parameter for a bad query', async () => {
      for (const [query, field] of [
        ['status=soon', 'status'],
        ['market=paris', 'market'],
        ['sort=price', 'sort'],
        ['page=0', 'page'],
        ['page_size=1000', 'page_size'],
        ['merchant_id=x', 'merchant_id'],
        ['category=-1', 'category'],
        ['category=2000000000', 'category'],
        ['featured=maybe', 'featured'],
        ['secondary_type=rent', 'secondary_type'],
      ]) {
        const res = await inject('GET', `/api/console/offers/?${query}`, editor.headers);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
        expect(res.json(), query).toHaveProperty(field!);
      }
      const odd = await inject('GET', `/api/console/offers/?q=${encodeURIComponent("%_\\'")}`, editor.headers);
      expect(odd.statusCode).toBe(200);
    });
  });
});
