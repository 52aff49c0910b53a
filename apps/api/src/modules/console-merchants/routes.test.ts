import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapseExpiredCertifications } from './service.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { uploadFile, type FilePart } from '../../../test/support/multipart.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

type Method = 'GET' | 'POST' | 'PATCH';

const MINNEAPOLIS = { display_name: 'Downtown', address: '80 S 8th St', city: 'Minneapolis', state: 'MN', zip: '55402' };
const CHICAGO = { display_name: 'Loop', address: '225 W Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606' };

describe('console merchants and locations', () => {
  let t: TestApp;
  let admin: TestStaff;
  let editor: TestStaff;
  let chicagoEditor: TestStaff;
  let support: TestStaff;
  let member: TestMember;
  /** A merchant with one Twin Cities location, made by the admin. */
  let merchantId: number;
  let locationId: number;
  let tinyJpeg: Buffer;

  const inject = (method: Method, url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) =>
    t.app.inject({ method, url, headers: options.headers, payload: options.payload as Record<string, unknown> | undefined });
  const upload = (url: string, headers: Record<string, string> | undefined, bytes: Buffer, options: FilePart = {}) => uploadFile(t.app, url, headers, bytes, options);

  beforeAll(async () => {
    t = await createTestApp();
    [admin, editor, chicagoEditor, support, member] = await Promise.all([
      signUpStaff(t.app, 'admin'),
      signUpStaff(t.app, 'editor', ['minneapolis']),
      signUpStaff(t.app, 'editor', ['chicago']),
      signUpStaff(t.app, 'support'),
      signUpMember(t.app),
    ]);
    const created = await inject('POST', '/api/console/merchants/', { headers: admin.headers, payload: { name: 'Lakeside Plumbing' } });
    expect(created.statusCode).toBe(201);
    merchantId = created.json().id;
    const location = await inject('POST', `/api/console/merchants/${merchantId}/locations/`, { headers: admin.headers, payload: MINNEAPOLIS });
    expect(location.statusCode).toBe(201);
    locationId = location.json().id;
    tinyJpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('authorisation', () => {
    const routes = (): Array<{ name: string; method: Method; url: string; payload?: unknown; upload?: boolean; ok: number }> => [
      { name: 'list', method: 'GET', url: '/api/console/merchants/', ok: 200 },
      { name: 'create', method: 'POST', url: '/api/console/merchants/', payload: { name: 'Auth Check Bakery' }, ok: 201 },
      { name: 'detail', method: 'GET', url: `/api/console/merchants/${merchantId}/`, ok: 200 },
      { name: 'edit', method: 'PATCH', url: `/api/console/merchants/${merchantId}/`, payload: { about: '<p>Fixes leaks</p>' }, ok: 200 },
      { name: 'add location', method: 'POST', url: `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, display_name: 'Uptown' }, ok: 201 },
      { name: 'location', method: 'GET', url: `/api/console/locations/${locationId}/`, ok: 200 },
      { name: 'edit location', method: 'PATCH', url: `/api/console/locations/${locationId}/`, payload: { phone: '(612) 555-0199' }, ok: 200 },
      { name: 'logo', method: 'POST', url: `/api/console/merchants/${merchantId}/logo/`, upload: true, ok: 200 },
      { name: 'photo', method: 'POST', url: `/api/console/merchants/${merchantId}/photo/`, upload: true, ok: 200 },
    ];
    const call = async (route: ReturnType<typeof routes>[number], headers?: Record<string, string>) => {
      if (route.upload) return upload(route.url, headers, tinyJpeg);
      // Edits carry the version they read.
      let payload = route.payload as Record<string, unknown> | undefined;
      if (route.method === 'PATCH' && headers) {
        const current = route.url.includes('/locations/')
          ? (await t.db.rows<{ version: number }>(sql`SELECT version FROM locations WHERE id = ${locationId}`))[0]!.version
          : (await t.db.rows<{ version: number }>(sql`SELECT version FROM merchants WHERE id = ${merchantId}`))[0]!.version;
        payload = { ...payload, version: current };
      }
      return inject(route.method, route.url, { headers, payload });
    };

    it('answers 401 to anonymous callers, 403 to members and support staff on every route', async () => {
      for (const route of routes()) {
        expect((await call(route)).statusCode, `${route.name} anonymous`).toBe(401);
        expect((await call(route, member.headers)).statusCode, `${route.name} member`).toBe(403);
        expect((await call(route, support.headers)).statusCode, `${route.name} support`).toBe(403);
      }
    });

    it('answers 403 to an editor of another market on every record route, and 2xx to an editor of the market', async () => {
      for (const route of routes()) {
        if (route.name === 'list' || route.name === 'create') continue;
        const res = await call(route, chicagoEditor.headers);
        expect(res.statusCode, `${route.name} chicago editor: ${res.body}`).toBe(403);
      }
      for (const route of routes()) {
        const res = await call(route, editor.headers);
        expect(res.statusCode, `${route.name} editor: ${res.body}`).toBe(route.ok);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('lists for a market-limited editor only merchants with a location in their markets', async () => {
      const mine = await inject('GET', '/api/console/merchants/?q=Lakeside', { headers: editor.headers });
      expect(mine.json().results.map((m: { id: number }) => m.id)).toContain(merchantId);
      const theirs = await inject('GET', '/api/console/merchants/?q=Lakeside', { headers: chicagoEditor.headers });
      expect(theirs.json().results.map((m: { id: number }) => m.id)).not.toContain(merchantId);
      // Asking for a market they do not work on finds nothing rather than everything.
      const other = await inject('GET', '/api/console/merchants/?market=minneapolis', { headers: chicagoEditor.headers });
      expect(other.json()).toMatchObject({ results: [], count: 0 });
      const all = await inject('GET', '/api/console/merchants/?page_size=5', { headers: admin.headers });
      expect(all.json().count).toBeGreaterThan(5);
    });

    it('lets a market-limited editor make a merchant, whose first location must be in their markets', async () => {
      const created = await inject('POST', '/api/console/merchants/', { headers: editor.headers, payload: { name: 'North Loop Cycles' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect((await inject('GET', `/api/console/merchants/${id}/`, { headers: chicagoEditor.headers })).statusCode).toBe(200);
      const elsewhere = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: editor.headers, payload: CHICAGO });
      expect(elsewhere.statusCode).toBe(403);
      const here = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: editor.headers, payload: MINNEAPOLIS });
      expect(here.statusCode).toBe(201);
      expect((await inject('GET', `/api/console/merchants/${id}/`, { headers: chicagoEditor.headers })).statusCode).toBe(403);
      // Moving the location to another market is refused too.
      const move = await inject('PATCH', `/api/console/locations/${here.json().id}/`, { headers: editor.headers, payload: { ...CHICAGO, version: here.json().version } });
      expect(move.statusCode).toBe(403);
    });
  });

  describe('merchants', () => {
    it('creates, lists, shows and edits a merchant; a stale version answers 409 with the current record', async () => {
      const categories = await t.db.rows<{ main: number; sub: number; other_sub: number }>(sql`
        SELECT c.id AS main, s.id AS sub, (SELECT o.id FROM categories o WHERE o.kind = 'sub' AND o.parent_id <> c.id AND NOT EXISTS (SELECT 1 FROM categories g WHERE g.id = o.parent_id AND g.parent_id = c.id) LIMIT 1) AS other_sub
        FROM categories c JOIN categories s ON s.parent_id = c.id AND s.kind = 'sub' WHERE c.kind = 'main' ORDER BY c.id, s.id LIMIT 1`);
      const { main, sub, other_sub } = categories[0]!;
      const body = {
        name: 'Café Unique & Sons',
        about: '<p onclick="alert(1)">Best <strong>coffee</strong><script>alert(2)</script></p>',
        website: 'https://cafe.example/menu',
        phone: '612.555.0142',
        category_id: main,
        subcategory_ids: [sub, sub],
        is_certified: true,
        insured: true,
        licence_number: 'MN-12345',
        licence_expires_on: '2030-01-31',
        insurance_expires_on: '2030-06-30',
        is_spotlight: true,
      };
      const created = await inject('POST', '/api/console/merchants/', { headers: editor.headers, payload: body });
      expect(created.statusCode).toBe(201);
      const merchant = created.json();
      expect(merchant).toMatchObject({
        name: 'Café Unique & Sons',
        slug: 'cafe-unique-and-sons',
        about: '<p>Best <strong>coffee</strong></p>',
        website: 'https://cafe.example/menu',
        phone: '(612) 555-0142',
        category: { id: main, kind: 'main' },
        subcategories: [{ id: sub }],
        is_certified: true,
        certified_badge: true,
        licence_number: 'MN-12345',
        insurance_expires_on: '2030-06-30',
        is_spotlight: true,
        logo_url: null,
        version: 1,
        locations: [],
      });
      // The same name again gets its own slug.
      const twin = await inject('POST', '/api/console/merchants/', { headers: editor.headers, payload: { name: 'Cafe Unique and Sons' } });
      expect(twin.json().slug).toBe('cafe-unique-and-sons-2');

      const list = await inject('GET', '/api/console/merchants/?q=nique&sort=-created_at', { headers: admin.headers });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ count: 2, page: 1, page_size: 25 });
      expect(list.json().results.map((m: { id: number }) => m.id)).toEqual([twin.json().id, merchant.id]);
      const certified = await inject('GET', `/api/console/merchants/?q=nique&certified=1&category=${main}`, { headers: admin.headers });
      expect(certified.json().results.map((m: { id: number }) => m.id)).toEqual([merchant.id]);
      const bySub = await inject('GET', `/api/console/merchants/?q=nique&category=${sub}`, { headers: admin.headers });
      expect(bySub.json().count).toBe(1);

      const detail = await inject('GET', `/api/console/merchants/${merchant.id}/`, { headers: admin.headers });
      expect(detail.json()).toEqual(merchant);

      const edited = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, { headers: editor.headers, payload: { name: 'Cafe Unique', phone: null, version: 1 } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Cafe Unique', slug: 'cafe-unique-and-sons', phone: null, website: 'https://cafe.example/menu', version: 2 });

      const stale = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, { headers: editor.headers, payload: { name: 'Lost edit', version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toMatch(/Someone else changed this merchant/);
      expect(stale.json().current).toMatchObject({ id: merchant.id, name: 'Cafe Unique', version: 2 });

      const wrongSub = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, { headers: editor.headers, payload: { subcategory_ids: [other_sub], version: 2 } });
      expect(wrongSub.statusCode).toBe(400);
      expect(wrongSub.json().subcategory_ids[0]).toMatch(/not a subcategory of the chosen category/);
      const subAsCategory = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, { headers: editor.headers, payload: { category_id: sub, version: 2 } });
      expect(subAsCategory.json().category_id[0]).toMatch(/not a subcategory/);
      const missing = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, { headers: editor.headers, payload: { category_id: 2_000_000_000, version: 2 } });
      expect(missing.json().category_id).toEqual(['Choose an existing category.']);
    });

    it('lets exactly one of two parallel edits of the same version through', async () => {
      const created = await inject('POST', '/api/console/merchants/', { headers: admin.headers, payload: { name: 'Race Condition Diner' } });
      const id = created.json().id;
      const answers = await Promise.all(
        ['First', 'Second'].map((name) => inject('PATCH', `/api/console/merchants/${id}/`, { headers: admin.headers, payload: { name: `${name} Diner`, version: 1 } })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json();
      expect(answers.find((a) => a.statusCode === 409)!.json().current).toMatchObject({ name: winner.name, version: 2 });
      const updates = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'merchant.update' AND entity_id = ${String(id)}`);
      expect(updates[0]!.n).toBe(1);
    });

    it('audits every write with before and after', async () => {
      const created = await inject('POST', '/api/console/merchants/', { headers: editor.headers, payload: { name: 'Audited Antiques' } });
      const id = created.json().id;
      await inject('PATCH', `/api/console/merchants/${id}/`, { headers: editor.headers, payload: { is_spotlight: true, version: 1 } });
      const location = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: editor.headers, payload: MINNEAPOLIS });
      await inject('PATCH', `/api/console/locations/${location.json().id}/`, { headers: editor.headers, payload: { display_name: 'Main shop', version: 1 } });
      const entries = await t.db.rows<{ action: string; actor_id: number; entity_id: string; market_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> }>(
        sql`SELECT action, actor_id, entity_id, market_id, before, after FROM audit_log WHERE (entity = 'merchant' AND entity_id = ${String(id)}) OR (entity = 'location' AND entity_id = ${String(location.json().id)}) ORDER BY id`,
      );
      expect(entries.map((e) => e.action)).toEqual(['merchant.create', 'merchant.update', 'location.create', 'location.update']);
      expect(entries.every((e) => e.actor_id === editor.id)).toBe(true);
      expect(entries[0]).toMatchObject({ before: null, after: { name: 'Audited Antiques', version: 1 } });
      expect(entries[1]).toMatchObject({ before: { is_spotlight: false, version: 1 }, after: { is_spotlight: true, version: 2 } });
      expect(entries[2]).toMatchObject({ market_id: 'minneapolis', before: null, after: { display_name: 'Downtown', market_id: 'minneapolis' } });
      expect(entries[3]).toMatchObject({ before: { display_name: 'Downtown', version: 1 }, after: { display_name: 'Main shop', version: 2 } });
    });

    it('shows the certified badge through the last insured day and not after', async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const make = async (insurance: string | null) => {
        const created = await inject('POST', '/api/console/merchants/', { headers: admin.headers, payload: { name: 'Badge Roofing', is_certified: true, insurance_expires_on: insurance } });
        await inject('POST', `/api/console/merchants/${created.json().id}/locations/`, { headers: admin.headers, payload: MINNEAPOLIS });
        return (await inject('GET', `/api/console/merchants/${created.json().id}/`, { headers: admin.headers })).json();
      };
      const insured = await make(today);
      const lapsed = await make(yesterday);
      const undated = await make(null);
      expect(insured.certified_badge).toBe(true);
      expect(lapsed.certified_badge).toBe(false);
      expect(undated.certified_badge).toBe(false);

      // The scheduled job takes the certification off the lapsed pro only, for savers too, and audits it.
      expect(await lapseExpiredCertifications(t.app.deps)).toMatch(/^[1-9]\d* certifications? lapsed/);
      const saverLocation = async (merchant: { locations: { id: number }[] }) => (await inject('GET', `/api/locations/${merchant.locations[0]!.id}/`)).json() as { merchant: { is_certified: boolean } };
      expect((await saverLocation(lapsed)).merchant.is_certified).toBe(false);
      expect((await saverLocation(insured)).merchant.is_certified).toBe(true);
      expect((await saverLocation(undated)).merchant.is_certified).toBe(true);
      const [entry] = await t.db.rows<{ action: string; actor_id: number | null }>(sql`SELECT action, actor_id FROM audit_log WHERE entity = 'merchant' AND entity_id = ${String(lapsed.id)} ORDER BY id DESC LIMIT 1`);
      expect(entry).toEqual({ action: 'merchant.certification_lapsed', actor_id: null });
    });
  });

  describe('locations', () => {
    it('geocodes a city in its state, else its ZIP code, and a moved pin wins', async () => {
      const created = await inject('POST', '/api/console/merchants/', { headers: admin.headers, payload: { name: 'Geocode Grill' } });
      const id = created.json().id;
      const byCity = await inject('POST', `/api/console/merchants/${id}/locations/`, {
        headers: admin.headers,
        payload: { ...MINNEAPOLIS, opening_hours: { mon: [{ open: '13:00', close: '17:00' }, { open: '09:00', close: '12:00' }], sun: [] } },
      });
      expect(byCity.statusCode).toBe(201);
      expect(byCity.json()).toMatchObject({ market_id: 'minneapolis', geocode: { matched: 'place', label: 'Minneapolis, MN' }, opening_hours: { mon: [{ open: '09:00', close: '12:00' }, { open: '13:00', close: '17:00' }] } });
      expect(byCity.json().lat).toBeCloseTo(44.98, 1);
      expect(byCity.json().lng).toBeCloseTo(-93.27, 1);

      const byZip = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: admin.headers, payload: { ...MINNEAPOLIS, city: 'Not A Real Town', zip: '55401' } });
      expect(byZip.statusCode).toBe(201);
      expect(byZip.json().geocode).toEqual({ matched: 'zip', label: expect.stringMatching(/^ZIP 55401 \(.+, MN\)$/) });
      expect(byZip.json().market_id).toBe('minneapolis');

      const chicago = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: admin.headers, payload: CHICAGO });
      expect(chicago.json()).toMatchObject({ market_id: 'chicago', geocode: { matched: 'place', label: 'Chicago, IL' } });

      // The staff member moved the pin: it wins over the address.
      const pinned = await inject('PATCH', `/api/console/locations/${byCity.json().id}/`, { headers: admin.headers, payload: { lat: 44.9537, lng: -93.09, version: 1 } });
      expect(pinned.statusCode).toBe(200);
      expect(pinned.json()).toMatchObject({ lat: 44.9537, lng: -93.09, market_id: 'minneapolis', geocode: { matched: 'pin' } });
      const renamed = await inject('PATCH', `/api/console/locations/${byCity.json().id}/`, { headers: admin.headers, payload: { display_name: 'Still here', version: 2 } });
      expect(renamed.json()).toMatchObject({ lat: 44.9537, geocode: { matched: 'unchanged' } });

      const unknown = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: admin.headers, payload: { ...MINNEAPOLIS, city: 'Not A Real Town', zip: '99999' } });
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json())).toEqual(['city', 'zip']);
      const denver = await inject('POST', `/api/console/merchants/${id}/locations/`, { headers: admin.headers, payload: { display_name: 'Denver', address: '1 Main St', city: 'Denver', state: 'CO', zip: '80202' } });
      expect(denver.statusCode).toBe(400);
      expect(denver.json().state[0]).toMatch(/outside our markets/);

      const read = await inject('GET', `/api/console/locations/${byCity.json().id}/`, { headers: admin.headers });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: byCity.json().id, merchant_id: id, display_name: 'Still here', lat: 44.9537, version: 3, opening_hours: { mon: [{ open: '09:00', close: '12:00' }, { open: '13:00', close: '17:00' }] } });
      expect(read.json()).not.toHaveProperty('geocode');
      expect((await inject('GET', '/api/console/locations/999999/', { headers: admin.headers })).statusCode).toBe(404);

      const stale = await inject('PATCH', `/api/console/locations/${byCity.json().id}/`, { headers: admin.headers, payload: { display_name: 'Lost', version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ id: byCity.json().id, display_name: 'Still here', version: 3 });
    });

    it('shows an edit on the saver location page at once', async () => {
      const before = await inject('GET', `/api/locations/${locationId}/`);
      expect(before.statusCode).toBe(200);
      const version = (await t.db.rows<{ version: number }>(sql`SELECT version FROM locations WHERE id = ${locationId}`))[0]!.version;
      const edited = await inject('PATCH', `/api/console/locations/${locationId}/`, { headers: admin.headers, payload: { display_name: 'Renamed at once', version } });
      expect(edited.statusCode).toBe(200);
      const after = await inject('GET', `/api/locations/${locationId}/`);
      expect(after.json().display_name).toBe('Renamed at once');
      const merchantVersion = (await t.db.rows<{ version: number }>(sql`SELECT version FROM merchants WHERE id = ${merchantId}`))[0]!.version;
      await inject('PATCH', `/api/console/merchants/${merchantId}/`, { headers: admin.headers, payload: { name: 'Lakeside Plumbing & Heating', version: merchantVersion } });
      expect((await inject('GET', `/api/locations/${locationId}/`)).json().merchant_name).toBe('Lakeside Plumbing & Heating');
    });

    it('checks opening hours', async () => {
      const url = `/api/console/merchants/${merchantId}/locations/`;
      const post = (opening_hours: unknown) => inject('POST', url, { headers: admin.headers, payload: { ...MINNEAPOLIS, opening_hours } });
      expect((await post({ mon: [{ open: '9:00', close: '17:00' }] })).json()['opening_hours.mon.0.open']).toBeDefined();
      expect((await post({ mon: [{ open: '17:00', close: '09:00' }] })).json()['opening_hours.mon.0.close']).toEqual(['The opening time must be before the closing time.']);
      const four = Array.from({ length: 4 }, (_, i) => ({ open: `0${i * 2}:00`, close: `0${i * 2 + 1}:00` }));
      expect((await post({ tue: four })).json()['opening_hours.tue']).toBeDefined();
      expect((await post({ wed: [{ open: '09:00', close: '12:00' }, { open: '11:00', close: '14:00' }] })).json()['opening_hours.wed']).toBeDefined();
      expect((await post({ funday: [] })).statusCode).toBe(400);
      expect((await post({ mon: [{ open: '00:00', close: '24:00' }] })).statusCode).toBe(201);
    });
  });

  describe('logo and photo', () => {
    it('strips EXIF (GPS included) and resizes, and serves the WebP at a stable URL', async () => {
      const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#aa5522' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'SECRET-OWNER-MARK', Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '44/1 58/1 40/1', GPSLongitudeRef: 'W', GPSLongitude: '93/1 16/1 1/1' } })
        .toBuffer();
      const input = await sharp(photo).metadata();
      expect(input.exif?.includes('SECRET-OWNER-MARK')).toBe(true);
      expect(input.exif?.includes('GPS') || input.exif?.length).toBeTruthy();

      const res = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, photo, { filename: 'shop.jpg' });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().photo_url as string;
      expect(url).toMatch(/^\/media\/uploads\/photo-[0-9a-f]{32}\.webp$/);
      const served = await inject('GET', url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const out = await sharp(served.rawPayload).metadata();
      expect(out).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(served.rawPayload.includes('SECRET-OWNER-MARK')).toBe(false);
      expect(served.rawPayload.includes('Exif')).toBe(false);

      const logo = await upload(`/api/console/merchants/${merchantId}/logo/`, admin.headers, await sharp({ create: { width: 1000, height: 500, channels: 4, background: '#00000000' } }).png().toBuffer(), { filename: 'logo.png', type: 'image/png' });
      expect(logo.statusCode).toBe(200);
      const logoMeta = await sharp((await inject('GET', logo.json().logo_url)).rawPayload).metadata();
      expect(logoMeta).toMatchObject({ format: 'webp', width: 400, height: 200 });
      // The saver pages show the new logo at once.
      expect((await inject('GET', `/api/locations/${locationId}/`)).json().logo.path).toBe(logo.json().logo_url);
      const audit = await t.db.rows<{ before: { logo_url: string | null }; after: { logo_url: string } }>(sql`SELECT before, after FROM audit_log WHERE action = 'merchant.upload_logo' AND entity_id = ${String(merchantId)} ORDER BY id DESC LIMIT 1`);
      expect(audit[0]!.after.logo_url).toBe(logo.json().logo_url);
    });

    it('takes AVIF and WebP too, judged by their bytes', async () => {
      const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).avif().toBuffer();
      // A misleading name and type do not matter: the bytes say AVIF.
      const res = await upload(`/api/console/merchants/${merchantId}/logo/`, admin.headers, avif, { filename: 'logo.gif', type: 'image/gif' });
      expect(res.statusCode, res.body).toBe(200);
      const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#654321' } }).webp().toBuffer();
      expect((await upload(`/api/console/merchants/${merchantId}/logo/`, admin.headers, webp)).statusCode).toBe(200);
    });

    it('refuses a file over 5 MB with 413, other types and broken images with 400 naming the field', async () => {
      const big = Buffer.concat([tinyJpeg, Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
      const tooBig = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().file[0]).toMatch(/larger than 5 MB/);

      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
      const wrong = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, gif, { filename: 'photo.jpg', type: 'image/jpeg' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().file).toEqual(['Send a JPEG, PNG, WebP or AVIF image.']);
      const text = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'x.png', type: 'image/png' });
      expect(text.json().file).toBeDefined();
      const broken = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, tinyJpeg.subarray(0, 40));
      expect(broken.statusCode).toBe(400);
      expect(broken.json().file[0]).toMatch(/could not be read/);
      const otherField = await upload(`/api/console/merchants/${merchantId}/photo/`, admin.headers, tinyJpeg, { field: 'image' });
      expect(otherField.statusCode).toBe(400);
      expect(otherField.json().file).toBeDefined();
      const json = await inject('POST', `/api/console/merchants/${merchantId}/photo/`, { headers: admin.headers, payload: { file: 'abc' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().file).toBeDefined();
      const unknownMerchant = await upload('/api/console/merchants/2000000000/photo/', admin.headers, tinyJpeg);
      expect(unknownMerchant.statusCode).toBe(404);
      expect((await inject('GET', '/media/uploads/photo-00000000000000000000000000000000.webp')).statusCode).toBe(404);
      expect((await inject('GET', '/media/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    });
  });

  describe('bad input', () => {
    // Long, but within the 64 KB body every JSON call takes.
    const longText = 'x'.repeat(30_000);
    const cases: Array<{ url: () => string; method: Method; payload: unknown; field: string }> = [
      { method: 'POST', url: () => '/api/console/merchants/', payload: {}, field: 'name' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 42 }, field: 'name' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'A\u0000B' }, field: 'name' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: longText }, field: 'name' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', about: longText }, field: 'about' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', website: 'javascript:alert(1)' }, field: 'website' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', website: 'ftp://files.example' }, field: 'website' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', phone: '12' }, field: 'phone' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', phone: ['612'] }, field: 'phone' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', category_id: 'food' }, field: 'category_id' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', subcategory_ids: 'x' }, field: 'subcategory_ids' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', subcategory_ids: [1], category_id: null }, field: 'subcategory_ids' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', is_certified: 'yes please' }, field: 'is_certified' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', insurance_expires_on: '2025-02-30' }, field: 'insurance_expires_on' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: { name: 'Ok', licence_number: { a: 1 } }, field: 'licence_number' },
      { method: 'POST', url: () => '/api/console/merchants/', payload: ['not', 'an', 'object'], field: 'non_field_errors' },
      { method: 'PATCH', url: () => `/api/console/merchants/${merchantId}/`, payload: { name: 'No version' }, field: 'version' },
      { method: 'PATCH', url: () => `/api/console/merchants/${merchantId}/`, payload: { version: '1' }, field: 'version' },
      { method: 'PATCH', url: () => `/api/console/merchants/${merchantId}/`, payload: { version: 1e300 }, field: 'version' },
      { method: 'PATCH', url: () => `/api/console/merchants/${merchantId}/`, payload: { version: 1, name: '' }, field: 'name' },
      { method: 'PATCH', url: () => '/api/console/merchants/abc/', payload: { version: 1 }, field: 'id' },
      { method: 'PATCH', url: () => '/api/console/merchants/99999999999/', payload: { version: 1 }, field: 'id' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: {}, field: 'display_name' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, zip: '5540' }, field: 'zip' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, state: 'XX' }, field: 'state' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, address: 'a\u0000b' }, field: 'address' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, city: longText }, field: 'city' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, lat: 44.9 }, field: 'lng' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, lat: 'north', lng: 1 }, field: 'lat' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, lat: 39.7, lng: -104.99 }, field: 'lat' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, opening_hours: 'always' }, field: 'opening_hours' },
      { method: 'POST', url: () => `/api/console/merchants/${merchantId}/locations/`, payload: { ...MINNEAPOLIS, opening_hours: { mon: 'all day' } }, field: 'opening_hours.mon' },
      { method: 'PATCH', url: () => `/api/console/locations/${locationId}/`, payload: { display_name: 'x' }, field: 'version' },
      { method: 'PATCH', url: () => `/api/console/locations/${locationId}/`, payload: { display_name: 7, version: 1 }, field: 'display_name' },
      { method: 'PATCH', url: () => `/api/console/locations/${locationId}/`, payload: { phone: 'call me', version: 1 }, field: 'phone' },
    ];
    it('answers 400 naming the field, never a 5xx', async () => {
      for (const c of cases) {
        const res = await inject(c.method, c.url(), { headers: admin.headers, payload: c.payload });
        expect(res.statusCode, `${c.method} ${c.url()} ${JSON.stringify(c.payload).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(Object.keys(res.json()), JSON.stringify(c.payload).slice(0, 80)).toContain(c.field);
      }
    });
    it('answers a body over 64 KB with 413, not a 5xx', async () => {
      const res = await inject('POST', '/api/console/merchants/', { headers: admin.headers, payload: { name: 'x'.repeat(100_000) } });
      expect(res.statusCode).toBe(413);
    });
    it('checks list parameters', async () => {
      for (const [query, field] of [['sort=price', 'sort'], ['page=0', 'page'], ['page_size=1000', 'page_size'], ['market=denver', 'market'], ['category=x', 'category'], ['certified=maybe', 'certified'], [`q=${'y'.repeat(300)}`, 'q'], ['q=a%00b', 'q']] as const) {
        const res = await inject('GET', `/api/console/merchants/?${query}`, { headers: admin.headers });
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toContain(field);
      }
      const sorted = await inject('GET', '/api/console/merchants/?sort=-updated_at&page=2&page_size=3', { headers: admin.headers });
      expect(sorted.statusCode).toBe(200);
      expect(sorted.json()).toMatchObject({ page: 2, page_size: 3 });
      expect(sorted.json().results).toHaveLength(3);
    });
  });
});
