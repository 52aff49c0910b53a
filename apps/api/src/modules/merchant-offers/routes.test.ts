import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { pdfToText } from '../../../test/support/pdf.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addCategory, addLocation, addMerchant, uid } from '../catalogue/catalogue.fixtures.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';
import { MERCHANT_PASSWORD, merchantInvitation, signUpMerchantPerson, type TestMerchantPerson } from '../merchant-access/merchant.fixtures.ts';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH';

describe('merchant centre', () => {
  let t: TestApp;
  let editor: TestStaff;
  let chicagoEditor: TestStaff;
  let support: TestStaff;
  let member: TestMember;
  let owner: TestMerchantPerson;
  let manager: TestMerchantPerson;
  let cashier: TestMerchantPerson;
  let otherOwner: TestMerchantPerson;
  const u = uid();
  const catSlug = `mc-main-${u}`;
  let category: { id: number };
  let merchant: { id: number; name: string };
  let otherMerchant: { id: number };
  let location: { id: number; merchantId: number };
  let otherLocation: { id: number; merchantId: number };
  const MPLS = { lat: 44.9778, lng: -93.265 };

  const inject = (method: Method, url: string, headers?: Record<string, string>, payload?: unknown, remoteAddress?: string) =>
    t.app.inject({ method, url, headers, payload: payload as Json | undefined, ...(remoteAddress ? { remoteAddress } : {}) });

  const body = (extra: Json = {}): Json => ({
    location_id: location.id,
    category_id: category.id,
    name: `Two-for-one tacos ${u}`,
    description: '<p>Tacos <strong>two for one</strong><script>alert(1)</script></p>',
    expires_at: addDays(t.today, 30),
    max_prints: 4,
    fine_print: { days: ['mon', 'tue'], limit: 'one_per_visit' },
    ...extra,
  });

  async function propose(extra: Json = {}, who: TestMerchantPerson = owner): Promise<Json> {
    const res = await inject('POST', `/api/merchant/${merchant.id}/offers/`, who.headers, body(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  }

  async function submit(offer: Json, who: TestMerchantPerson = owner): Promise<Json> {
    const res = await inject('POST', `/api/merchant/${merchant.id}/offers/${offer.id}/submit/`, who.headers, { version: offer.version });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  }

  async function reviewOf(offerId: unknown): Promise<Json | undefined> {
    const res = await inject('GET', '/api/console/reviews/', editor.headers);
    expect(res.statusCode, res.body).toBe(200);
    return ((res.json() as { results: Json[] }).results).find((r) => r.offer_id === offerId);
  }

  async function saverList(): Promise<number[]> {
    const res = await inject('GET', `/api/entities/?type=Offer&city=Minneapolis&state=MN&lat=${MPLS.lat}&lng=${MPLS.lng}&category=${catSlug}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ entitiable_id: number }>).map((i) => i.entitiable_id);
  }

  const auditOf = (entity: string, id: unknown) =>
    t.db.rows<{ action: string; actor_id: number | null; market_id: string | null; after: Json | null }>(
      sql`SELECT action, actor_id, market_id, after FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    category = await addCategory(t.db, { kind: 'main', slug: catSlug, name: `Centre Main ${u}`, orderNum: 96 });
    merchant = await addMerchant(t.db, { name: `Taco Loon ${u}` });
    otherMerchant = await addMerchant(t.db, { name: `Other Taco ${u}` });
    location = await addLocation(t.db, merchant, MPLS, { marketId: 'minneapolis', city: 'Minneapolis', state: 'MN', zip: '55401', address: '2 Nicollet Mall' });
    otherLocation = await addLocation(t.db, otherMerchant, MPLS, { marketId: 'minneapolis', city: 'Minneapolis', state: 'MN', zip: '55401' });
    [editor, chicagoEditor, support, member, owner, manager, cashier, otherOwner] = await Promise.all([
      signUpStaff(t.app, 'editor', ['minneapolis']),
      signUpStaff(t.app, 'editor', ['chicago']),
      signUpStaff(t.app, 'support'),
      signUpMember(t.app),
      signUpMerchantPerson(t.app, merchant.id, 'owner'),
      signUpMerchantPerson(t.app, merchant.id, 'manager'),
      signUpMerchantPerson(t.app, merchant.id, 'cashier', [location.id]),
      signUpMerchantPerson(t.app, otherMerchant.id, 'owner'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('who may call', () => {
    it("lets owners and managers through every merchant offer call; cashiers, another merchant's owner, staff and members get 403, anonymous 401", async () => {
      const offer = await propose();
      const id = offer.id as number;
      const current = async () => ((await inject('GET', `/api/merchant/${merchant.id}/offers/${id}/`, owner.headers)).json() as Json).version;
      const routes: Array<{ method: Method; url: string; payload?: () => Promise<unknown> | unknown; ok: number }> = [
        { method: 'GET', url: `/api/merchant/${merchant.id}/offers/`, ok: 200 },
        { method: 'POST', url: `/api/merchant/${merchant.id}/offers/`, payload: () => body(), ok: 201 },
        { method: 'GET', url: `/api/merchant/${merchant.id}/offers/${id}/`, ok: 200 },
        { method: 'PATCH', url: `/api/merchant/${merchant.id}/offers/${id}/`, payload: async () => ({ version: await current(), name: `Renamed ${u}` }), ok: 200 },
      ];
      for (const r of routes) {
        const payload = async () => (r.payload ? await r.payload() : undefined);
        expect((await inject(r.method, r.url, undefined, await payload())).statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
        for (const [name, who] of [['cashier', cashier], ['other owner', otherOwner], ['editor', editor], ['member', member]] as const) {
          expect((await inject(r.method, r.url, who.headers, await payload())).statusCode, `${r.method} ${r.url} ${name}`).toBe(403);
        }
        for (const [name, who] of [['owner', owner], ['manager', manager]] as const) {
          const res = await inject(r.method, r.url, who.headers, await payload());
          expect(res.statusCode, `${r.method} ${r.url} ${name}: ${res.body}`).toBe(r.ok);
        }
      }
      // Submit works once: the manager's, then the owner's is a 409 (under review).
      for (const who of [cashier, otherOwner, editor, member]) expect((await inject('POST', `/api/merchant/${merchant.id}/offers/${id}/submit/`, who.headers, {})).statusCode).toBe(403);
      expect((await inject('POST', `/api/merchant/${merchant.id}/offers/${id}/submit/`, undefined, {})).statusCode).toBe(401);
      expect((await inject('POST', `/api/merchant/${merchant.id}/offers/${id}/submit/`, manager.headers, {})).statusCode).toBe(200);
      expect((await inject('POST', `/api/merchant/${merchant.id}/offers/${id}/submit/`, owner.headers, {})).statusCode).toBe(409);
      // Another merchant's offer id under this merchant's path is a 404 for its own team too.
      const theirs = await inject('POST', `/api/merchant/${otherMerchant.id}/offers/`, otherOwner.headers, body({ location_id: otherLocation.id }));
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect((await inject('GET', `/api/merchant/${merchant.id}/offers/${(theirs.json() as Json).id}/`, owner.headers)).statusCode).toBe(404);
    });

    it('lists the merchants of each account with its role and, for cashiers, their locations only', async () => {
      const mine = await inject('GET', '/api/merchant/', cashier.headers);
      expect(mine.statusCode).toBe(200);
      const list = mine.json() as Json[];
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: merchant.id, role: 'cashier', location_ids: [location.id], second_factor_passed: false });
      expect((list[0]!.locations as Json[]).map((l) => l.id)).toEqual([location.id]);
      expect(((await inject('GET', '/api/merchant/', owner.headers)).json() as Json[])[0]).toMatchObject({ id: merchant.id, role: 'owner', location_ids: null, second_factor_passed: true });
      expect((await inject('GET', '/api/merchant/', member.headers)).json()).toEqual([]);
      expect((await inject('GET', '/api/merchant/')).statusCode).toBe(401);
      expect((await inject('GET', '/api/merchant/abc/offers/', owner.headers)).statusCode).toBe(400);
    });
  });

  describe('proposals', () => {
    it('creates a draft savers do not see, refuses bad input by field, and a location of another merchant', async () => {
      const offer = await propose();
      expect(offer).toMatchObject({ status: 'draft', offer_status: 'draft', version: 1, merchant_id: merchant.id });
      expect((offer.fields as Json).description).toBe('<p>Tacos <strong>two for one</strong></p>');
      expect(offer.fine_print_lines).toEqual(expect.arrayContaining([expect.stringContaining('Mon')]));
      expect(await saverList()).not.toContain(offer.id);
      const bad = await inject('POST', `/api/merchant/${merchant.id}/offers/`, owner.headers, body({ location_id: otherLocation.id, is_featured: true, merchant_id: otherMerchant.id }));
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json() as Json).sort()).toEqual(['is_featured', 'merchant_id']);
      const other = await inject('POST', `/api/merchant/${merchant.id}/offers/`, owner.headers, body({ location_id: otherLocation.id }));
      expect(other.statusCode).toBe(400);
      expect(other.json()).toHaveProperty('location_id');
      const dates = await inject('POST', `/api/merchant/${merchant.id}/offers/`, owner.headers, body({ starts_at: addDays(t.today, 5), expires_at: addDays(t.today, 2) }));
      expect(dates.statusCode).toBe(400);
      expect(dates.json()).toHaveProperty('expires_at');
      for (const junk of [null, [], { name: 7 }]) expect((await inject('POST', `/api/merchant/${merchant.id}/offers/`, owner.headers, junk)).statusCode).toBe(400);
    });

    it('carries the proposed value through review: staff see its badge, approval puts it on the live offer, a later proposal changes it', async () => {
      const offer = await propose({ name: `BOGO tacos ${u}`, value: { kind: 'bogo', regular_price_cents: 450 } });
      expect(offer).toMatchObject({ fields: { value: { kind: 'bogo', regular_price_cents: 450 } }, badge: 'BOGO' });
      const bad = await inject('POST', `/api/merchant/${merchant.id}/offers/`, owner.headers, body({ value: { kind: 'percent_off', percent: 0 } }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty(['value.percent']);
      await submit(offer);
      const review = await reviewOf(offer.id);
      expect(review).toMatchObject({ badge: 'BOGO', after: { value: { kind: 'bogo', regular_price_cents: 450 } } });
      expect((await inject('POST', `/api/console/reviews/${review!.id}/approve/`, editor.headers)).statusCode).toBe(200);
      expect((await inject('GET', `/api/offers/${offer.id}/`)).json()).toMatchObject({ value: { kind: 'bogo', regular_price_cents: 450 }, badge: 'BOGO' });
      const mine = (await inject('GET', `/api/merchant/${merchant.id}/offers/${offer.id}/`, owner.headers)).json() as Json;
      const changed = await inject('PATCH', `/api/merchant/${merchant.id}/offers/${offer.id}/`, owner.headers, { version: mine.version, value: { kind: 'percent_off', percent: 30 } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ badge: '30% off', fields: { value: { kind: 'percent_off', percent: 30 }, name: `BOGO tacos ${u}` } });
      await submit(changed.json() as Json);
      const second = await reviewOf(offer.id);
      expect(second).toMatchObject({ badge: '30% off', before: { value: { kind: 'bogo' } }, after: { value: { kind: 'percent_off', percent: 30 } } });
      // Savers keep the approved value until staff approve the change.
      expect((await inject('GET', `/api/offers/${offer.id}/`)).json()).toMatchObject({ badge: 'BOGO' });
      expect((await inject('POST', `/api/console/reviews/${second!.id}/approve/`, editor.headers)).statusCode).toBe(200);
      expect((await inject('GET', `/api/offers/${offer.id}/`)).json()).toMatchObject({ badge: '30% off' });
    });

    it('answers 409 with the offer as it stands to a stale version, and refuses edits under review', async () => {
      const offer = await propose();
      const first = await inject('PATCH', `/api/merchant/${merchant.id}/offers/${offer.id}/`, owner.headers, { version: offer.version, name: `First ${u}` });
      expect(first.statusCode, first.body).toBe(200);
      const stale = await inject('PATCH', `/api/merchant/${merchant.id}/offers/${offer.id}/`, manager.headers, { version: offer.version, name: `Second ${u}` });
      expect(stale.statusCode).toBe(409);
      expect(((stale.json() as Json).current as Json).fields).toMatchObject({ name: `First ${u}` });
      const fresh = first.json() as Json;
      await submit(fresh);
      const underReview = await inject('PATCH', `/api/merchant/${merchant.id}/offers/${offer.id}/`, owner.headers, { version: (fresh.version as number) + 1, name: `Third ${u}` });
      expect(underReview.statusCode).toBe(409);
      expect((await inject('POST', `/api/merchant/${merchant.id}/offers/${offer.id}/submit/`, owner.headers, { version: 1 })).statusCode).toBe(409);
    });

    it('goes draft -> submitted -> approved: the offer is live for savers at once, audited at each step', async () => {
      const offer = await propose({ name: `Approved tacos ${u}` });
      const submitted = await submit(offer);
      expect(submitted.status).toBe('submitted');
      const review = await reviewOf(offer.id);
      expect(review).toMatchObject({ is_new: true, before: null, merchant: { id: merchant.id }, market_id: 'minneapolis', submitted_by: owner.email });
      expect((review!.after as Json).name).toBe(`Approved tacos ${u}`);
      // Staff of another market neither see nor approve it.
      const chicago = (await inject('GET', '/api/console/reviews/', chicagoEditor.headers)).json() as { results: Json[] };
      expect(chicago.results.find((r) => r.offer_id === offer.id)).toBeUndefined();
      expect((await inject('POST', `/api/console/reviews/${review!.id}/approve/`, chicagoEditor.headers)).statusCode).toBe(403);
      expect((await inject('POST', `/api/console/reviews/${review!.id}/approve/`, support.headers)).statusCode).toBe(403);
      expect((await inject('POST', `/api/console/reviews/${review!.id}/approve/`, owner.headers)).statusCode).toBe(403);
      const approved = await inject('POST', `/api/console/reviews/${review!.id}/approve/`, editor.headers);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ id: offer.id, status: 'live', name: `Approved tacos ${u}` });
      expect(await saverList()).toContain(offer.id);
      expect((await inject('POST', `/api/console/reviews/${review!.id}/approve/`, editor.headers)).statusCode).toBe(409);
      const mine = (await inject('GET', `/api/merchant/${merchant.id}/offers/${offer.id}/`, owner.headers)).json() as Json;
      expect(mine).toMatchObject({ status: 'live', offer_status: 'live', revision: { status: 'approved' } });
      const audit = await auditOf('offer_revision', review!.id);
      expect(audit.map((a) => a.action)).toEqual(['offer_revision.create', 'offer_revision.submit', 'offer_revision.approve']);
      expect(audit.at(-1)).toMatchObject({ actor_id: editor.id, market_id: 'minneapolis' });

      // A change to the live offer is a new proposal; savers keep the approved version until review.
      const changed = await inject('PATCH', `/api/merchant/${merchant.id}/offers/${offer.id}/`, manager.headers, { version: mine.version, name: `Changed tacos ${u}` });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ status: 'draft', offer_status: 'live', fields: { name: `Changed tacos ${u}` } });
      await submit(changed.json() as Json, manager);
      const second = await reviewOf(offer.id);
      expect(second).toMatchObject({ is_new: false, before: { name: `Approved tacos ${u}` }, after: { name: `Changed tacos ${u}` } });
      const live = await inject('GET', `/api/console/offers/${offer.id}/`, editor.headers);
      expect((live.json() as Json).name).toBe(`Approved tacos ${u}`);

      // Sent back: the merchant reads the note; the live version stays.
      expect((await inject('POST', `/api/console/reviews/${second!.id}/reject/`, editor.headers, { note: '' })).statusCode).toBe(400);
      const rejected = await inject('POST', `/api/console/reviews/${second!.id}/reject/`, editor.headers, { note: 'Say which tacos.' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const back = (await inject('GET', `/api/merchant/${merchant.id}/offers/`, owner.headers)).json() as Json[];
      expect(back.find((o) => o.id === offer.id)).toMatchObject({ status: 'sent_back', offer_status: 'live', revision: { status: 'rejected', review_note: 'Say which tacos.' }, fields: { name: `Changed tacos ${u}` } });
      expect(((await inject('GET', `/api/console/offers/${offer.id}/`, editor.headers)).json() as Json).name).toBe(`Approved tacos ${u}`);
      expect((await auditOf('offer_revision', second!.id)).map((a) => a.action)).toEqual(['offer_revision.update', 'offer_revision.submit', 'offer_revision.reject']);
      expect((await inject('POST', `/api/console/reviews/${second!.id}/reject/`, editor.headers, { note: 'Again' })).statusCode).toBe(409);
      expect((await inject('POST', '/api/console/reviews/99999999/approve/', editor.headers)).statusCode).toBe(404);
    });
  });

  describe('invitations', () => {
    const inviteUrl = () => `/api/console/merchants/${merchant.id}/invitations/`;

    it('lets editors of the market invite, checks cashier locations, mails a link to the business centre, audited', async () => {
      const email = `invitee-${u}@localsaver.example`;
      expect((await inject('POST', inviteUrl(), undefined, { email, role: 'owner' })).statusCode).toBe(401);
      expect((await inject('POST', inviteUrl(), owner.headers, { email, role: 'owner' })).statusCode).toBe(403);
      expect((await inject('POST', inviteUrl(), support.headers, { email, role: 'owner' })).statusCode).toBe(403);
      expect((await inject('POST', inviteUrl(), chicagoEditor.headers, { email, role: 'owner' })).statusCode).toBe(403);
      const noPlace = await inject('POST', inviteUrl(), editor.headers, { email, role: 'cashier' });
      expect(noPlace.statusCode).toBe(400);
      expect(noPlace.json()).toHaveProperty('location_ids');
      const wrongPlace = await inject('POST', inviteUrl(), editor.headers, { email, role: 'cashier', location_ids: [otherLocation.id] });
      expect(wrongPlace.statusCode).toBe(400);
      expect((await inject('POST', inviteUrl(), editor.headers, { email, role: 'boss' })).json()).toHaveProperty('role');
      const made = await inject('POST', inviteUrl(), editor.headers, { email, role: 'manager', location_ids: [location.id] });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ email, role: 'manager', location_ids: null, merchant_id: merchant.id });
      expect((await auditOf('invitation', (made.json() as Json).id))[0]).toMatchObject({ action: 'merchant.invite', actor_id: editor.id });
      await t.app.deps.mail.drain();
      const mail = (await listMailbox(mailboxDir(t.app.deps.env))).find((m) => m.to === email);
      expect(mail?.subject).toContain(merchant.name);
      const token = /\/business\/centre\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeTruthy();
      const accepted = await inject('POST', '/auth/invitations/accept/', undefined, { token, password: MERCHANT_PASSWORD, first_name: 'Mia', last_name: 'Manager' });
      expect(accepted.statusCode, accepted.body).toBe(201);
      // Used once.
      expect((await inject('POST', '/auth/invitations/accept/', undefined, { token, password: MERCHANT_PASSWORD, first_name: 'Mia', last_name: 'Manager' })).json()).toHaveProperty('token');
      const team = (await inject('GET', `/api/console/merchants/${merchant.id}/team/`, editor.headers)).json() as { members: Json[] };
      expect(team.members.find((m) => m.email === email)).toMatchObject({ role: 'manager', location_ids: null });
      const member = await t.db.rows<{ id: number }>(sql`SELECT mm.id FROM merchant_members mm JOIN users u ON u.id = mm.user_id WHERE u.email = ${email}`);
      expect((await auditOf('merchant_member', member[0]!.id))[0]).toMatchObject({ action: 'merchant_member.accept_invitation', after: { role: 'manager', existing_account: false } });
    });

    it('lets an existing account accept with its own password only; refuses expired invitations and staff accounts', async () => {
      const saver = await signUpMember(t.app);
      const token = await merchantInvitation(t.app, merchant.id, 'cashier', saver.email, [location.id]);
      const wrong = await inject('POST', '/auth/invitations/accept/', undefined, { token, password: 'Not the password 123', first_name: 'X', last_name: 'Y' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toHaveProperty('password');
      const right = await inject('POST', '/auth/invitations/accept/', undefined, { token, password: saver.password, first_name: 'X', last_name: 'Y' });
      expect(right.statusCode, right.body).toBe(201);
      expect((right.json() as Json).user_id).toBe(saver.id);
      // A cashier signs in with a password and redeems only where invited.
      const login = await inject('POST', '/auth/login/', undefined, { email: saver.email, password: saver.password });
      expect(login.json()).toHaveProperty('token');
      const mine = (await inject('GET', '/api/merchant/', { authorization: `Bearer ${(login.json() as Json).token}` })).json() as Json[];
      expect(mine[0]).toMatchObject({ role: 'cashier', location_ids: [location.id] });

      // An owner's earlier password session ends: the next one needs the second factor.
      const boss = await signUpMember(t.app);
      const bossToken = await merchantInvitation(t.app, merchant.id, 'owner', boss.email);
      expect((await inject('POST', '/auth/invitations/accept/', undefined, { token: bossToken, password: boss.password, first_name: 'B', last_name: 'O' })).statusCode).toBe(201);
      expect((await inject('GET', '/api/merchant/', boss.headers)).statusCode).toBe(401);
      expect((await inject('POST', '/auth/login/', undefined, { email: boss.email, password: boss.password }, boss.ip)).json()).toMatchObject({ mfa_enrolment_required: true });

      const expired = await merchantInvitation(t.app, merchant.id, 'owner', `late-${u}@localsaver.example`);
      await t.db.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = ${`late-${u}@localsaver.example`}`);
      expect((await inject('POST', '/auth/invitations/accept/', undefined, { token: expired, password: MERCHANT_PASSWORD, first_name: 'L', last_name: 'Ate' })).json()).toHaveProperty('token');

      const staffToken = await merchantInvitation(t.app, merchant.id, 'owner', editor.email);
      const staffTry = await inject('POST', '/auth/invitations/accept/', undefined, { token: staffToken, password: editor.password, first_name: 'E', last_name: 'D' });
      expect(staffTry.statusCode).toBe(400);
      expect(staffTry.json()).toHaveProperty('token');
    });

    it('asks owners and managers for a second factor at sign-in, labelled for the business, and not cashiers', async () => {
      const login = await inject('POST', '/auth/login/', undefined, { email: owner.email, password: MERCHANT_PASSWORD }, owner.ip);
      expect(login.json()).toMatchObject({ mfa_required: true });
      const managerLogin = await inject('POST', '/auth/login/', undefined, { email: manager.email, password: MERCHANT_PASSWORD }, manager.ip);
      expect(managerLogin.json()).toMatchObject({ mfa_required: true });
      const cashierLogin = await inject('POST', '/auth/login/', undefined, { email: cashier.email, password: MERCHANT_PASSWORD }, cashier.ip);
      expect(cashierLogin.json()).toHaveProperty('token');
      const fresh = `fresh-owner-${u}@localsaver.example`;
      const token = await merchantInvitation(t.app, merchant.id, 'owner', fresh);
      expect((await inject('POST', '/auth/invitations/accept/', undefined, { token, password: MERCHANT_PASSWORD, first_name: 'F', last_name: 'O' })).statusCode).toBe(201);
      const enrol = (await inject('POST', '/auth/login/', undefined, { email: fresh, password: MERCHANT_PASSWORD })).json() as Json;
      expect(enrol).toMatchObject({ mfa_enrolment_required: true });
      const setup = (await inject('POST', '/auth/mfa/totp/setup/', undefined, { mfa_token: enrol.mfa_token })).json() as Json;
      expect(String(setup.otpauth_url)).toContain('LocalSaver%20Business');
    });
  });
  it("previews the proposal's printed coupon for owners and managers only, marked, with no copy made", async () => {
    const offer = await propose({ name: `Preview tacos ${u}`, code: 'TACO2' });
    const url = `/api/merchant/${merchant.id}/offers/${offer.id}/preview.pdf`;
    const res = await inject('GET', url, manager.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfToText(res.rawPayload);
    expect(text).toContain(`Preview tacos ${u}`);
    expect(text).toContain('TACO2');
    expect(text).toContain('PREVIEW');
    expect(text).toMatch(/Mon/);
    const [copies] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM print_copies WHERE offer_id = ${offer.id}`);
    expect(copies!.n).toBe(0);
    expect((await inject('GET', url, cashier.headers)).statusCode).toBe(403);
    expect((await inject('GET', url, otherOwner.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/api/merchant/${otherMerchant.id}/offers/${offer.id}/preview.pdf`, otherOwner.headers)).statusCode).toBe(404);
    expect((await inject('GET', url, member.headers)).statusCode).toBe(403);
    expect((await inject('GET', url)).statusCode).toBe(401);
  });
});
