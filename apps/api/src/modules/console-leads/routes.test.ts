import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessLeadSchema, contractorApplicationSchema } from '@market/domain/validation/leads';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { insertLead } from '../leads/repository.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

describe('console leads inbox', () => {
  let t: TestApp;
  let admin: TestStaff;
  let support: TestStaff;
  let supportMpls: TestStaff;
  let supportDetroit: TestStaff;
  let editor: TestStaff;
  let editorDetroit: TestStaff;
  let member: TestMember;
  let contractorLead: number;
  let businessLead: number;
  let suggestionLead: number;

  const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await t.db.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) =>
    t.app.inject({ method, url, headers: options.headers, payload: options.payload as Record<string, unknown> | undefined, remoteAddress: '10.8.0.1' });
  const auditOf = (action: string, entityId?: number | string) =>
    rowsOf<{ actor_id: number; action: string; entity_id: string | null; market_id: string | null; before: unknown; after: Record<string, unknown> }>(
      sql`SELECT actor_id, action, entity_id, market_id, before, after FROM audit_log WHERE action = ${action} ${entityId === undefined ? sql`` : sql`AND entity_id = ${String(entityId)}`} ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    [admin, support, supportMpls, supportDetroit, editor, editorDetroit, member] = await Promise.all([
      signUpStaff(t.app, 'admin'),
      signUpStaff(t.app, 'support'),
      signUpStaff(t.app, 'support', ['minneapolis']),
      signUpStaff(t.app, 'support', ['detroit']),
      signUpStaff(t.app, 'editor'),
      signUpStaff(t.app, 'editor', ['detroit']),
      signUpMember(t.app),
    ]);
    const contractor = contractorApplicationSchema.parse({
      company_name: 'Zq Roofing & Sons',
      first_name: 'Ed',
      last_name: 'Gray',
      email: 'ed@zqroofing.com',
      phone: '612 555 0120',
      address: '100 Nicollet Mall',
      city: 'Minneapolis',
      state: 'MN',
      zip: '55402',
      years_in_business: '8',
      licensed: 'yes',
      insured: 'yes',
      bonded: 'no',
      workers_comp: 'no',
      project_slugs: ['roofing'],
    });
    const { tracking_id: _t, ...contractorDetails } = contractor;
    contractorLead = (await insertLead(t.db.db, { kind: 'contractorapplication', marketId: 'minneapolis', email: contractor.email, details: contractorDetails, trackingId: null })).id;
    const business = businessLeadSchema.parse({
      business_name: '=HYPERLINK("http://evil.example")',
      first_name: '@Di',
      last_name: 'Fox',
      email: 'di@zqbakery.com',
      phone: '313-555-0133',
      city: 'Detroit',
      state: 'MI',
      interests: 'print',
      message: '-2+3',
    });
    const { tracking_id: _b, ...businessDetails } = business;
    businessLead = (await insertLead(t.db.db, { kind: 'businesslead', marketId: 'detroit', email: business.email, details: businessDetails, trackingId: 'trk_1' })).id;
    suggestionLead = (await insertLead(t.db.db, { kind: 'suggestmerchant', marketId: 'chicago', email: null, details: { name: 'Zq Pizza', city: 'Chicago', state: 'IL', kind: 'location' }, trackingId: null })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/console/leads/', () => {
    it('is for support staff and admins: anonymous 401, member 403, editor 403', async () => {
      expect((await inject('GET', '/api/console/leads/')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/leads/', { headers: member.headers })).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/leads/', { headers: editor.headers })).statusCode).toBe(403);
      const ok = await inject('GET', '/api/console/leads/', { headers: support.headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('private, no-store');
      expect((await inject('GET', '/api/console/leads/', { headers: admin.headers })).statusCode).toBe(200);
    });

    it('lists newest first with a summary from the form fields', async () => {
      const res = await inject('GET', '/api/console/leads/?page_size=100', { headers: support.headers });
      const body = res.json();
      const ids = body.results.map((r: { id: number }) => r.id);
      expect(ids.indexOf(suggestionLead)).toBeLessThan(ids.indexOf(contractorLead));
      const business = body.results.find((r: { id: number }) => r.id === businessLead);
      expect(business).toMatchObject({
        kind: 'businesslead',
        market: 'detroit',
        status: 'new',
        assigned_to: null,
        summary: { name: '@Di Fox', email: 'di@zqbakery.com', phone: '+13135550133', company: '=HYPERLINK("http://evil.example")' },
        version: 1,
      });
      expect(body.results.find((r: { id: number }) => r.id === suggestionLead).summary).toEqual({ name: null, email: null, phone: null, company: 'Zq Pizza' });
      expect(body).toMatchObject({ page: 1, page_size: 100, count: expect.any(Number) });
    });

    it('filters by kind, status, market, q (name, e-mail, phone, company) and dates', async () => {
      const ids = async (query: string, who = support) => {
        const res = await inject('GET', `/api/console/leads/?${query}`, { headers: who.headers });
        expect(res.statusCode).toBe(200);
        return res.json().results.map((r: { id: number }) => r.id) as number[];
      };
      expect(await ids('kind=contractorapplication')).toEqual([contractorLead]);
      expect(await ids('market=chicago')).toEqual([suggestionLead]);
      expect(await ids('q=gray')).toEqual([contractorLead]);
      expect(await ids('q=ed%20gray')).toEqual([contractorLead]);
      expect(await ids('q=zqbakery')).toEqual([businessLead]);
      expect(await ids('q=313-555')).toEqual([businessLead]);
      expect(await ids('q=zq%20roofing')).toEqual([contractorLead]);
      expect(await ids('q=zq%20pizza')).toEqual([suggestionLead]);
      expect(await ids('status=spam')).toEqual([]);
      expect(await ids('from=2000-01-01&kind=suggestmerchant')).toEqual([suggestionLead]);
      expect(await ids('to=2000-01-01')).toEqual([]);
    });

    it('shows market-limited staff their markets only', async () => {
      const res = await inject('GET', '/api/console/leads/?page_size=100', { headers: supportMpls.headers });
      const markets = new Set(res.json().results.map((r: { market: string }) => r.market));
      expect([...markets]).toEqual(['minneapolis']);
      expect((await inject('GET', '/api/console/leads/?market=detroit', { headers: supportMpls.headers })).json().results).toEqual([]);
    });

    it('answers bad filters with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['kind=cars', 'kind'],
        ['status=open', 'status'],
        ['market=paris', 'market'],
        ['assigned_to=someone', 'assigned_to'],
        ['assigned_to=99999999999', 'assigned_to'],
        ['from=yesterday', 'from'],
        ['sort=name', 'sort'],
        ['page=0', 'page'],
        ['page_size=1000', 'page_size'],
        [`q=${'x'.repeat(300)}`, 'q'],
        ['kind=autolead&kind=businesslead', 'kind'],
      ] as const) {
        const res = await inject('GET', `/api/console/leads/?${query}`, { headers: support.headers });
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toContain(field);
      }
    });
  });

  describe('GET /api/console/leads/{id}/', () => {
    it('answers every form field and the notes; 403 for another market, 404 unknown, 400 bad id', async () => {
      const res = await inject('GET', `/api/console/leads/${businessLead}/`, { headers: supportDetroit.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: businessLead, tracking_id: 'trk_1', details: { business_name: '=HYPERLINK("http://evil.example")', interests: ['print'] }, notes: [] });
      expect((await inject('GET', `/api/console/leads/${businessLead}/`, { headers: supportMpls.headers })).statusCode).toBe(403);
      expect((await inject('GET', `/api/console/leads/${businessLead}/`, { headers: member.headers })).statusCode).toBe(403);
      expect((await inject('GET', `/api/console/leads/${businessLead}/`)).statusCode).toBe(401);
      expect((await inject('GET', `/api/console/leads/${businessLead}/`, { headers: editor.headers })).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/leads/999999/', { headers: support.headers })).statusCode).toBe(404);
      const bad = await inject('GET', '/api/console/leads/abc/', { headers: support.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().id).toBeDefined();
    });
  });

  describe('PATCH /api/console/leads/{id}/', () => {
    it('changes status and assignee with the version read, audited with before and after', async () => {
      const res = await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: supportDetroit.headers, payload: { version: 1, status: 'in_progress', assigned_to: supportDetroit.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'in_progress', version: 2, assigned_to: { id: supportDetroit.id, name: 'Sam Support' } });
      const [entry] = await auditOf('lead.update', businessLead);
      expect(entry).toMatchObject({ actor_id: supportDetroit.id, market_id: 'detroit', before: { status: 'new', version: 1, assigned_to: null }, after: { status: 'in_progress', version: 2 } });
      const mine = await inject('GET', '/api/console/leads/?assigned_to=me', { headers: supportDetroit.headers });
      expect(mine.json().results.map((r: { id: number }) => r.id)).toEqual([businessLead]);
      const none = await inject('GET', '/api/console/leads/?assigned_to=none&market=detroit', { headers: support.headers });
      expect(none.json().results.map((r: { id: number }) => r.id)).not.toContain(businessLead);
      const byId = await inject('GET', `/api/console/leads/?assigned_to=${supportDetroit.id}`, { headers: admin.headers });
      expect(byId.json().results.map((r: { id: number }) => r.id)).toEqual([businessLead]);
    });

    it('answers a stale version with 409 and the current lead', async () => {
      const res = await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: support.headers, payload: { version: 1, status: 'spam' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ detail: expect.stringMatching(/changed this lead/), current: { id: businessLead, status: 'in_progress', version: 2 } });
    });

    it('lets exactly one of two parallel PATCHes with one version win', async () => {
      const { version } = (await inject('GET', `/api/console/leads/${suggestionLead}/`, { headers: support.headers })).json();
      const answers = await Promise.all([
        inject('PATCH', `/api/console/leads/${suggestionLead}/`, { headers: support.headers, payload: { version, status: 'done' } }),
        inject('PATCH', `/api/console/leads/${suggestionLead}/`, { headers: admin.headers, payload: { version, status: 'spam' } }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const after = (await inject('GET', `/api/console/leads/${suggestionLead}/`, { headers: support.headers })).json();
      expect(after.version).toBe(version + 1);
      expect((await auditOf('lead.update', suggestionLead)).length).toBe(1);
    });

    it('assigns only active staff who work on the lead’s market; null unassigns', async () => {
      const { version } = (await inject('GET', `/api/console/leads/${contractorLead}/`, { headers: support.headers })).json();
      for (const assignee of [supportDetroit.id, member.id, 999999]) {
        const res = await inject('PATCH', `/api/console/leads/${contractorLead}/`, { headers: support.headers, payload: { version, assigned_to: assignee } });
        expect(res.statusCode).toBe(400);
        expect(res.json().assigned_to[0]).toMatch(/works on this lead/);
      }
      const ok = await inject('PATCH', `/api/console/leads/${contractorLead}/`, { headers: support.headers, payload: { version, assigned_to: supportMpls.id } });
      expect(ok.statusCode).toBe(200);
      const unassigned = await inject('PATCH', `/api/console/leads/${contractorLead}/`, { headers: support.headers, payload: { version: version + 1, assigned_to: null } });
      expect(unassigned.json().assigned_to).toBeNull();
    });

    it('refuses other markets, members and the wrong role', async () => {
      const payload = { version: 1, status: 'done' };
      expect((await inject('PATCH', `/api/console/leads/${businessLead}/`, { payload })).statusCode).toBe(401);
      expect((await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: member.headers, payload })).statusCode).toBe(403);
      expect((await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: editor.headers, payload })).statusCode).toBe(403);
      expect((await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: supportMpls.headers, payload })).statusCode).toBe(403);
    });

    it('answers bad bodies of any shape with a 400 naming the field', async () => {
      for (const [payload, field] of [
        [{}, 'version'],
        [{ version: 'one' }, 'version'],
        [{ version: 1.5 }, 'version'],
        [{ version: 1, status: 'closed' }, 'status'],
        [{ version: 1, assigned_to: 'me' }, 'assigned_to'],
        [{ version: 1, assigned_to: -3 }, 'assigned_to'],
        [[1, 2], 'non_field_errors'],
      ] as const) {
        const res = await inject('PATCH', `/api/console/leads/${businessLead}/`, { headers: support.headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
      }
      const scalar = await t.app.inject({ method: 'PATCH', url: `/api/console/leads/${businessLead}/`, headers: { ...support.headers, 'content-type': 'application/json' }, payload: '"text"' });
      expect(scalar.statusCode).toBe(400);
      const notJson = await t.app.inject({ method: 'PATCH', url: `/api/console/leads/${businessLead}/`, headers: { ...support.headers, 'content-type': 'application/json' }, payload: '{"version":' });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe('POST /api/console/leads/{id}/notes/', () => {
    it('adds a note, shown on the lead and audited', async () => {
      const res = await inject('POST', `/api/console/leads/${businessLead}/notes/`, { headers: supportDetroit.headers, payload: { body: '  Called back, wants print.  ' } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ body: 'Called back, wants print.', author: { id: supportDetroit.id } });
      const lead = (await inject('GET', `/api/console/leads/${businessLead}/`, { headers: support.headers })).json();
      expect(lead.notes).toEqual([expect.objectContaining({ body: 'Called back, wants print.', author: { id: supportDetroit.id, name: 'Sam Support' } })]);
      expect(await auditOf('lead.note', businessLead)).toEqual([expect.objectContaining({ actor_id: supportDetroit.id, after: expect.objectContaining({ body: 'Called back, wants print.' }) })]);
    });

    it('refuses a missing, blank or too long body, other markets and members', async () => {
      for (const payload of [{}, { body: '   ' }, { body: 'x'.repeat(2001) }, { body: 5 }]) {
        const res = await inject('POST', `/api/console/leads/${businessLead}/notes/`, { headers: support.headers, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().body).toBeDefined();
      }
      expect((await inject('POST', `/api/console/leads/${businessLead}/notes/`, { payload: { body: 'x' } })).statusCode).toBe(401);
      expect((await inject('POST', `/api/console/leads/${businessLead}/notes/`, { headers: member.headers, payload: { body: 'x' } })).statusCode).toBe(403);
      expect((await inject('POST', `/api/console/leads/${businessLead}/notes/`, { headers: editor.headers, payload: { body: 'x' } })).statusCode).toBe(403);
      expect((await inject('POST', `/api/console/leads/${businessLead}/notes/`, { headers: supportMpls.headers, payload: { body: 'x' } })).statusCode).toBe(403);
    });
  });

  describe('GET /api/console/leads/export.csv', () => {
    it('streams the filtered view as a CSV attachment, formula cells defused, audited with filters and count', async () => {
      const res = await inject('GET', '/api/console/leads/export.csv?kind=businesslead', { headers: support.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toMatch(/^id,created_at,updated_at,kind,market,status,assigned_to,name,email,phone,company,tracking_id,business_name,/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`'=HYPERLINK(""http://evil.example"")`);
      expect(lines[1]).toContain("'@Di Fox");
      expect(lines[1]).toContain("'-2+3");
      expect(lines[1]).toContain('+13135550133');
      expect(lines[1]).not.toMatch(/,=|,@|,-2/);
      const [entry] = (await auditOf('lead.export')).slice(-1);
      expect(entry).toMatchObject({ actor_id: support.id, after: { filters: { kind: 'businesslead' }, rows: 1 } });
    });

    it('exports every kind with the union of their columns, only the staff member’s markets', async () => {
      const all = await inject('GET', '/api/console/leads/export.csv', { headers: support.headers });
      const header = all.body.split('\n')[0]!;
      expect(header).toContain('company_name');
      expect(header).toContain('streetAddress');
      expect(all.body.trim().split('\n').length).toBe(4);
      const limited = await inject('GET', '/api/console/leads/export.csv', { headers: supportMpls.headers });
      const rows = limited.body.trim().split('\n').slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(new RegExp(`^${contractorLead},`));
      expect((await auditOf('lead.export')).slice(-1)[0]).toMatchObject({ actor_id: supportMpls.id, after: { rows: 1, markets: ['minneapolis'] } });
    });

    it('refuses anonymous, members, the wrong role and bad filters', async () => {
      expect((await inject('GET', '/api/console/leads/export.csv')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/leads/export.csv', { headers: member.headers })).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/leads/export.csv', { headers: editor.headers })).statusCode).toBe(403);
      const bad = await inject('GET', '/api/console/leads/export.csv?status=open', { headers: support.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBeDefined();
    });
  });

  describe('GET /api/console/newsletter/', () => {
    it('answers the status of an address', async () => {
      await t.db.db.execute(sql`INSERT INTO newsletter_subscriptions (email, unsubscribe_token, confirmed_at) VALUES ('news-a@example.com', 'tok-a-0123456789abcdefghij', now()), ('news-b@example.com', 'tok-b-0123456789abcdefghij', NULL)`);
      const res = await inject('GET', '/api/console/newsletter/?q=news-', { headers: support.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().results.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
        ['news-a@example.com', 'confirmed'],
        ['news-b@example.com', 'pending'],
      ]);
      expect(JSON.stringify(res.json())).not.toContain('tok-');
      expect((await inject('GET', '/api/console/newsletter/?q=NEWS-A@example.com', { headers: support.headers })).json().results).toHaveLength(1);
      expect((await inject('GET', '/api/console/newsletter/?q=ne', { headers: support.headers })).json().q).toBeDefined();
      expect((await inject('GET', '/api/console/newsletter/', { headers: support.headers })).json().q).toBeDefined();
      expect((await inject('GET', '/api/console/newsletter/?q=news-')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/newsletter/?q=news-', { headers: member.headers })).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/newsletter/?q=news-', { headers: editor.headers })).statusCode).toBe(403);
    });
  });

  describe('POST /api/console/leads/{id}/approve-contractor/', () => {
    it('is for editors and admins of the lead’s market', async () => {
      const url = `/api/console/leads/${contractorLead}/approve-contractor/`;
      expect((await inject('POST', url, { payload: {} })).statusCode).toBe(401);
      expect((await inject('POST', url, { headers: member.headers, payload: {} })).statusCode).toBe(403);
      expect((await inject('POST', url, { headers: support.headers, payload: {} })).statusCode).toBe(403);
      expect((await inject('POST', url, { headers: editorDetroit.headers, payload: {} })).statusCode).toBe(403);
    });

    it('creates the certified merchant and its location, marks the lead done, audits each', async () => {
      const url = `/api/console/leads/${contractorLead}/approve-contractor/`;
      const res = await inject('POST', url, { headers: editor.headers, payload: { licence_number: 'MN-BC123', insurance_expires_on: '2030-06-30' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ merchant_id: expect.any(Number), location_id: expect.any(Number), created: true, lead: { status: 'done' } });
      const [merchant] = await rowsOf<Record<string, unknown>>(
        sql`SELECT m.slug, m.name, m.licensed, m.insured, m.bonded, m.is_certified, m.licence_number, m.insurance_expires_on::text AS insurance, m.phone, c.slug AS category
            FROM merchants m LEFT JOIN categories c ON c.id = m.category_id WHERE m.id = ${body.merchant_id}`,
      );
      expect(merchant).toEqual({ slug: 'zq-roofing-and-sons', name: 'Zq Roofing & Sons', licensed: true, insured: true, bonded: false, is_certified: true, licence_number: 'MN-BC123', insurance: '2030-06-30', phone: '+16125550120', category: 'home-improvement' });
      const [location] = await rowsOf<Record<string, unknown>>(sql`SELECT merchant_id, market_id, address, city, state, zip FROM locations WHERE id = ${body.location_id}`);
      expect(location).toEqual({ merchant_id: body.merchant_id, market_id: 'minneapolis', address: '100 Nicollet Mall', city: 'Minneapolis', state: 'MN', zip: '55402' });
      expect((await auditOf('merchant.create', body.merchant_id))[0]).toMatchObject({ actor_id: editor.id, after: { from_lead: contractorLead } });
      expect(await auditOf('location.create', body.location_id)).toHaveLength(1);
      expect((await auditOf('lead.update', contractorLead)).slice(-1)[0]).toMatchObject({ actor_id: editor.id, after: { status: 'done', approved_as_merchant: body.merchant_id } });

      // Approving again updates the same merchant and keeps the one location.
      const again = await inject('POST', url, { headers: admin.headers, payload: {} });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ merchant_id: body.merchant_id, location_id: body.location_id, created: false });
      expect(await auditOf('merchant.update', body.merchant_id)).toHaveLength(1);
    });

    it('refuses other kinds, stale versions and bad input', async () => {
      const other = await inject('POST', `/api/console/leads/${businessLead}/approve-contractor/`, { headers: admin.headers, payload: {} });
      expect(other.statusCode).toBe(400);
      const stale = await inject('POST', `/api/console/leads/${contractorLead}/approve-contractor/`, { headers: admin.headers, payload: { version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.id).toBe(contractorLead);
      for (const [payload, field] of [
        [{ insurance_expires_on: '2030-02-30' }, 'insurance_expires_on'],
        [{ licence_expires_on: 'soon' }, 'licence_expires_on'],
        [{ licence_number: 7 }, 'licence_number'],
        [{ version: 'x' }, 'version'],
      ] as const) {
        const res = await inject('POST', `/api/console/leads/${contractorLead}/approve-contractor/`, { headers: admin.headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json())).toContain(field);
      }
      expect((await inject('POST', '/api/console/leads/999999/approve-contractor/', { headers: admin.headers, payload: {} })).statusCode).toBe(404);
    });
  });
});
