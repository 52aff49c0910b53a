// Content in the staff console: callouts (create, read, edit with versions, delete), the callout
// settings and the spotlight flag; who may do what; bad input; and that the saver answer follows
// each write at once and respects starts_on/ends_on.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('console content', () => {
  let t: TestApp;
  let editor: TestStaff;
  let mplsEditor: TestStaff;
  let support: TestStaff;
  let member: TestMember;
  const today = businessToday();

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signUpStaff(t.app, 'editor');
    mplsEditor = await signUpStaff(t.app, 'editor', ['minneapolis']);
    support = await signUpStaff(t.app, 'support');
    member = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, url: string, who?: { headers: Record<string, string> } | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers, payload: payload as Record<string, unknown> | undefined });
  const calloutBody = (over: Record<string, unknown> = {}) => ({
    image_url: '/media/callouts/console.svg',
    alternative_text: 'Console callout',
    link: '/deals?category=food',
    states: ['mi'],
    order: 0,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/console/callouts/', editor, calloutBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; [k: string]: unknown };
  };
  const saverIds = async () => ((await call('GET', '/api/content/callouts/?state=MI')).json().objects as Array<{ id: number }>).map((c) => c.id);
  const detroitMerchant = async () =>
    (await t.db.rows<{ id: number }>(sql`SELECT m.id FROM merchants m WHERE EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND l.market_id = 'detroit')
                                         AND NOT EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND l.market_id <> 'detroit') ORDER BY m.id LIMIT 1`))[0]!.id;

  it('answers 401 anonymously, 403 to members and support, 403 to market-limited editors on writes, 2xx to editors', async () => {
    const c = await create();
    const merchant = await detroitMerchant();
    const routes: Array<[Method, string, unknown?, boolean?]> = [
      ['GET', '/api/console/callouts/'],
      ['POST', '/api/console/callouts/', calloutBody(), true],
      ['GET', `/api/console/callouts/${c.id}/`],
      ['PATCH', `/api/console/callouts/${c.id}/`, { version: c.version, order: 1 }, true],
      ['GET', '/api/console/callout-settings/'],
      ['PUT', '/api/console/callout-settings/', { use_default_callouts: false, number_of_default_callouts_to_use: 50, randomize_callout_order: false }, true],
      ['PUT', `/api/console/merchants/${merchant}/spotlight/`, { is_spotlight: true }, true],
      ['DELETE', `/api/console/callouts/${c.id}/`, undefined, true],
    ];
    for (const [method, url, body, write] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, support, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, mplsEditor, body)).statusCode, `${method} ${url}`).toBe(write ? 403 : 200);
      const ok = await call(method, url, editor, body);
      expect(ok.statusCode, `${method} ${url} ${ok.body}`).toBe(method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
    }
  });

  it('creates, reads, edits and deletes a callout; each write is audited and reaches the saver answer at once', async () => {
    await call('PUT', '/api/console/callout-settings/', editor, { use_default_callouts: false, number_of_default_callouts_to_use: 50, randomize_callout_order: false });
    const c = await create({ alternative_text: 'Fresh deals', link: 'https://example.com/deals', open_link_in_new_tab: true, states: ['MI', 'il', 'MI'] });
    expect(c).toMatchObject({ states: ['MI', 'IL'], image_mime: 'image/svg+xml', open_link_in_new_tab: true, is_default: false, version: 1, starts_on: null, ends_on: null });
    expect(await saverIds()).toContain(c.id);
    const read = await call('GET', `/api/console/callouts/${c.id}/`, editor);
    expect(read.json()).toEqual(c);

    const edited = await call('PATCH', `/api/console/callouts/${c.id}/`, editor, { version: 1, states: ['FL'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, states: ['FL'], alternative_text: 'Fresh deals' });
    expect(await saverIds()).not.toContain(c.id);
    const stale = await call('PATCH', `/api/console/callouts/${c.id}/`, editor, { version: 1, order: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: c.id, version: 2, states: ['FL'] });

    const list = await call('GET', '/api/console/callouts/?q=fresh%20deals', editor);
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: c.id }] });
    expect((await call('GET', '/api/console/callouts/?state=FL&is_default=0&page_size=100', editor)).json().results.map((r: { id: number }) => r.id)).toContain(c.id);

    expect((await call('DELETE', `/api/console/callouts/${c.id}/`, editor)).statusCode).toBe(204);
    expect((await call('GET', `/api/console/callouts/${c.id}/`, editor)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/console/callouts/${c.id}/`, editor)).statusCode).toBe(404);
    const audit = await t.db.rows<{ action: string; before: unknown; after: unknown }>(sql`SELECT action, before, after FROM audit_log WHERE entity = 'callout' AND entity_id = ${String(c.id)} ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['callout.create', 'callout.update', 'callout.delete']);
    expect(audit[1]).toMatchObject({ before: { states: ['MI', 'IL'] }, after: { states: ['FL'] } });
  });

  it('shows a callout on the saver pages only from starts_on to ends_on (today in Detroit)', async () => {
    await call('PUT', '/api/console/callout-settings/', editor, { use_default_callouts: false, number_of_default_callouts_to_use: 50, randomize_callout_order: false });
    const later = await create({ starts_on: addDays(today, 1) });
    const over = await create({ ends_on: addDays(today, -1) });
    const now = await create({ starts_on: today, ends_on: today });
    const shown = await saverIds();
    expect(shown).toContain(now.id);
    expect(shown).not.toContain(later.id);
    expect(shown).not.toContain(over.id);
    const started = await call('PATCH', `/api/console/callouts/${later.id}/`, editor, { version: later.version, starts_on: today });
    expect(started.statusCode).toBe(200);
    expect(await saverIds()).toContain(later.id);
    const cleared = await call('PATCH', `/api/console/callouts/${over.id}/`, editor, { version: over.version, ends_on: null });
    expect(cleared.json().ends_on).toBeNull();
    expect(await saverIds()).toContain(over.id);
  });

  it('sets the callout settings; the saver answer follows at once; audited', async () => {
    const before = await call('GET', '/api/console/callout-settings/', editor);
    expect(before.statusCode).toBe(200);
    const put = await call('PUT', '/api/console/callout-settings/', editor, { use_default_callouts: true, number_of_default_callouts_to_use: 2, randomize_callout_order: true });
    expect(put.json()).toEqual({ use_default_callouts: true, number_of_default_callouts_to_use: 2, randomize_callout_order: true });
    const saver = await call('GET', '/api/content/callouts/?state=MI');
    expect(saver.json().settings).toEqual({ use_default_callouts: true, number_of_default_callouts_to_use: 2, randomize_callout_order: true });
    expect(saver.json().objects.length).toBeLessThanOrEqual(2);
    const [audit] = await t.db.rows<{ after: unknown }>(sql`SELECT after FROM audit_log WHERE action = 'callout_settings.update' ORDER BY id DESC LIMIT 1`);
    expect(audit!.after).toEqual(put.json());
  });

  it('refuses bad input of any shape with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [calloutBody({ link: 'javascript:alert(1)' }), 'link'],
      [calloutBody({ link: '//evil.example' }), 'link'],
      [calloutBody({ image_url: 'http://example.com/a.png' }), 'image_url'],
      [calloutBody({ image_url: 'data:image/png;base64,xx' }), 'image_url'],
      [calloutBody({ alternative_text: '' }), 'alternative_text'],
      [calloutBody({ alternative_text: undefined }), 'alternative_text'],
      [calloutBody({ states: ['ZZ'] }), 'states.0'],
      [calloutBody({ states: 'MI' }), 'states'],
      [calloutBody({ order: -1 }), 'order'],
      [calloutBody({ order: 'first' }), 'order'],
      [calloutBody({ starts_on: '2026-13-01' }), 'starts_on'],
      [calloutBody({ starts_on: today, ends_on: addDays(today, -1) }), 'ends_on'],
      [calloutBody({ is_default: 'yes' }), 'is_default'],
      [calloutBody({ show_for_all_states: 3 }), 'show_for_all_states'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/console/callouts/', editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    for (const body of [[], 'text', 7]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/console/callouts/', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode).toBe(400);
    }
    const c = await create();
    for (const [body, field] of [[{ order: 1 }, 'version'], [{ version: c.version, ends_on: '1999-01-01', starts_on: '2000-01-01' }, 'ends_on'], [{ version: c.version, link: 'ftp://x' }, 'link']] as const) {
      const res = await call('PATCH', `/api/console/callouts/${c.id}/`, editor, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    const settings: Array<[unknown, string]> = [
      [{ use_default_callouts: true, randomize_callout_order: false }, 'number_of_default_callouts_to_use'],
      [{ use_default_callouts: 'x', number_of_default_callouts_to_use: 2, randomize_callout_order: false }, 'use_default_callouts'],
      [{ use_default_callouts: true, number_of_default_callouts_to_use: 51, randomize_callout_order: false }, 'number_of_default_callouts_to_use'],
    ];
    for (const [body, field] of settings) {
      const res = await call('PUT', '/api/console/callout-settings/', editor, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    const spot = await call('PUT', `/api/console/merchants/${await detroitMerchant()}/spotlight/`, editor, { is_spotlight: 'on' });
    expect(spot.statusCode).toBe(400);
    expect(spot.json().is_spotlight).toBeDefined();
    expect((await call('PUT', '/api/console/merchants/2000000000/spotlight/', editor, { is_spotlight: true })).statusCode).toBe(404);
    expect((await call('GET', '/api/console/callouts/?sort=name', editor)).statusCode).toBe(400);
    expect((await call('GET', '/api/console/callouts/?state=XX', editor)).statusCode).toBe(400);
  });

  it('puts a home pro in the spotlight: editors of its market, audited', async () => {
    const id = await detroitMerchant();
    const off = await call('PUT', `/api/console/merchants/${id}/spotlight/`, editor, { is_spotlight: false });
    expect(off.json()).toMatchObject({ id, is_spotlight: false, markets: ['detroit'] });
    const detroitEditor = await signUpStaff(t.app, 'editor', ['detroit']);
    const on = await call('PUT', `/api/console/merchants/${id}/spotlight/`, detroitEditor, { is_spotlight: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().is_spotlight).toBe(true);
    expect((await call('PUT', `/api/console/merchants/${id}/spotlight/`, mplsEditor, { is_spotlight: false })).statusCode).toBe(403);
    const [audit] = await t.db.rows<{ actor_id: number; before: { is_spotlight: boolean }; after: { is_spotlight: boolean } }>(
      sql`SELECT actor_id, before, after FROM audit_log WHERE action = 'merchant.spotlight' AND entity_id = ${String(id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ actor_id: detroitEditor.id, before: { is_spotlight: false }, after: { is_spotlight: true } });
  });

  it('lists a market\'s pros for the spotlight, spotlight first, to editors of the market; a toggle shows to savers there at once', async () => {
    const [pro] = await t.db.rows<{ id: number; name: string }>(sql`
      SELECT m.id, m.name FROM merchants m JOIN categories c ON c.id = m.category_id AND c.kind = 'homepros'
      WHERE NOT m.is_spotlight AND EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND l.market_id = 'detroit')
        AND NOT EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND l.market_id <> 'detroit')
      ORDER BY m.id LIMIT 1`);
    expect(pro).toBeDefined();
    const detroitEditor = await signUpStaff(t.app, 'editor', ['detroit']);
    expect((await call('GET', '/api/console/spotlight/')).statusCode).toBe(401);
    expect((await call('GET', '/api/console/spotlight/', member)).statusCode).toBe(403);
    expect((await call('GET', '/api/console/spotlight/', support)).statusCode).toBe(403);
    expect((await call('GET', '/api/console/spotlight/?market=detroit', mplsEditor)).statusCode).toBe(403);
    const bad = await call('GET', '/api/console/spotlight/?market=atlantis&spotlight=maybe', editor);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['market', 'spotlight']);

    // A limited editor lands on their market; the counts are of their markets only.
    const mine = (await call('GET', '/api/console/spotlight/', mplsEditor)).json();
    expect(mine.market).toBe('minneapolis');
    expect(mine.markets.map((m: { market_id: string }) => m.market_id)).toEqual(['minneapolis']);
    expect(mine.results.every((r: { markets: string[] }) => r.markets.includes('minneapolis'))).toBe(true);

    const before = (await call('GET', '/api/console/spotlight/?market=detroit&page_size=100', detroitEditor)).json();
    expect(before.markets).toEqual([{ market_id: 'detroit', spotlight_count: expect.any(Number) }]);
    const flags = before.results.map((r: { is_spotlight: boolean }) => r.is_spotlight);
    // Spotlight first.
    expect(flags).toEqual([...flags].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect(before.results.every((r: { home_pro: boolean; is_spotlight: boolean }) => r.home_pro || r.is_spotlight)).toBe(true);
    const byName = (await call('GET', `/api/console/spotlight/?market=detroit&q=${encodeURIComponent(pro!.name)}&spotlight=0`, detroitEditor)).json();
    expect(byName.results[0]).toMatchObject({ id: pro!.id, is_spotlight: false, home_pro: true, markets: ['detroit'] });

    const saver = async () => ((await call('GET', '/api/spotlight/?city=Detroit&state=MI&limit=100')).json() as Array<{ merchant: { id: number } }>).map((s) => s.merchant.id);
    expect(await saver()).not.toContain(pro!.id);
    expect((await call('PUT', `/api/console/merchants/${pro!.id}/spotlight/`, detroitEditor, { is_spotlight: true })).statusCode).toBe(200);
    const after = (await call('GET', `/api/console/spotlight/?market=detroit&spotlight=1&page_size=100`, detroitEditor)).json();
    expect(after.results.map((r: { id: number }) => r.id)).toContain(pro!.id);
    expect(after.markets[0].spotlight_count).toBe(before.markets[0].spotlight_count + 1);
    // Savers in the market of its locations see it at once; savers elsewhere do not.
    expect(await saver()).toContain(pro!.id);
    const mplsSaver = ((await call('GET', '/api/spotlight/?city=Minneapolis&state=MN&limit=100')).json() as Array<{ merchant: { id: number } }>).map((s) => s.merchant.id);
    expect(mplsSaver).not.toContain(pro!.id);
  });
});
