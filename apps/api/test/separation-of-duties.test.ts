// Separation of duties (docs/security.md): a business's owner, manager or cashier who is also
// staff never reviews, edits or handles that business's records in the console, whichever role
// came first. Each refusal is a 403 with a message saying why, and an audit row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from './support/harness.ts';
import { addCategory, addLocation, addMerchant, uid } from '../src/modules/catalogue/catalogue.fixtures.ts';
import { insertLead } from '../src/modules/leads/repository.ts';
import { signUpMerchantPerson, type TestMerchantPerson } from '../src/modules/merchant-access/merchant.fixtures.ts';
import { ASSIGNEE_OWN_BUSINESS, OWN_BUSINESS } from '../src/modules/merchant-access/lib/separation-of-duties.ts';
import { promoteToStaff, signUpStaff, type TestStaff } from '../src/modules/staff/staff.fixtures.ts';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH';

describe('separation of duties', () => {
  let t: TestApp;
  const u = uid();
  const catSlug = `sod-${u}`;
  const MPLS = { lat: 44.9778, lng: -93.265 };
  let merchant: { id: number };
  let location: { id: number };
  let category: { id: number };
  let owner: TestMerchantPerson;
  let cashier: TestMerchantPerson;
  /** The owner, invited as an editor with the same address and accepted with the same password. */
  let ownerEditor: TestStaff;
  /** The cashier, made support staff. */
  let cashierSupport: TestStaff;
  let editor: TestStaff;
  let support: TestStaff;

  const inject = (method: Method, url: string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as Json | undefined, remoteAddress: '10.9.0.1' });
  const refusals = (action: string, entityId: unknown) =>
    t.db.rows<{ actor_id: number; after: Json }>(sql`SELECT actor_id, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(entityId)} ORDER BY id`);

  async function submittedProposal(): Promise<{ offerId: number; reviewId: number }> {
    const proposal = {
      location_id: location.id,
      category_id: category.id,
      name: `Own offer ${u} ${Math.random().toString(36).slice(2, 6)}`,
      description: '<p>Half off</p>',
      expires_at: addDays(t.today, 30),
      max_prints: 3,
    };
    // The owner's staff session passed the second factor, so it serves the business centre too.
    const created = await inject('POST', `/api/merchant/${merchant.id}/offers/`, ownerEditor.headers, proposal);
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json() as Json;
    const submitted = await inject('POST', `/api/merchant/${merchant.id}/offers/${offer.id}/submit/`, ownerEditor.headers, { version: offer.version });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const list = await inject('GET', '/api/console/reviews/', editor.headers);
    const review = (list.json() as { results: Json[] }).results.find((r) => r.offer_id === offer.id)!;
    return { offerId: offer.id as number, reviewId: review.id as number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    category = await addCategory(t.db, { kind: 'main', slug: catSlug, name: `Duties ${u}`, orderNum: 97 });
    merchant = await addMerchant(t.db, { name: `Two Hats Bakery ${u}` });
    location = await addLocation(t.db, merchant, MPLS, { marketId: 'minneapolis', city: 'Minneapolis', state: 'MN', zip: '55401', address: '9 Nicollet Mall' });
    [owner, cashier, editor, support] = await Promise.all([
      signUpMerchantPerson(t.app, merchant.id, 'owner'),
      signUpMerchantPerson(t.app, merchant.id, 'cashier', [location.id]),
      signUpStaff(t.app, 'editor', ['minneapolis']),
      signUpStaff(t.app, 'support', ['minneapolis']),
    ]);
    ownerEditor = await promoteToStaff(t.app, owner, 'editor', ['minneapolis']);
    cashierSupport = await promoteToStaff(t.app, cashier, 'support', ['minneapolis']);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('offer review', () => {
    it("refuses the owner turned editor approving their own business's proposal (403, audited); savers see nothing; another editor approves", async () => {
      const { offerId, reviewId } = await submittedProposal();

      const own = await inject('GET', '/api/console/reviews/', ownerEditor.headers);
      expect(own.statusCode, own.body).toBe(200);
      expect((own.json() as { results: Json[] }).results.find((r) => r.id === reviewId)?.own_business).toBe(true);
      const other = await inject('GET', '/api/console/reviews/', editor.headers);
      expect((other.json() as { results: Json[] }).results.find((r) => r.id === reviewId)?.own_business).toBe(false);

      const approve = await inject('POST', `/api/console/reviews/${reviewId}/approve/`, ownerEditor.headers);
      expect(approve.statusCode, approve.body).toBe(403);
      expect(approve.json()).toEqual({ detail: OWN_BUSINESS });
      const reject = await inject('POST', `/api/console/reviews/${reviewId}/reject/`, ownerEditor.headers, { note: 'Looks fine to me' });
      expect(reject.statusCode, reject.body).toBe(403);

      const [offer] = await t.db.rows<{ status: string }>(sql`SELECT status FROM offers WHERE id = ${offerId}`);
      expect(offer!.status).toBe('draft');
      const saver = await inject('GET', `/api/entities/?type=Offer&city=Minneapolis&state=MN&lat=${MPLS.lat}&lng=${MPLS.lng}&category=${catSlug}`);
      expect((saver.json() as Array<{ entitiable_id: number }>).map((i) => i.entitiable_id)).not.toContain(offerId);

      const approveRefused = await refusals('offer_revision.approve_refused_conflict', reviewId);
      expect(approveRefused).toHaveLength(1);
      expect(approveRefused[0]!.actor_id).toBe(ownerEditor.id);
      expect(approveRefused[0]!.after).toMatchObject({ refused: 'offer_revision.approve', merchant_ids: [merchant.id], reason: 'own_business' });
      expect(await refusals('offer_revision.reject_refused_conflict', reviewId)).toHaveLength(1);

      const approved = await inject('POST', `/api/console/reviews/${reviewId}/approve/`, editor.headers);
      expect(approved.statusCode, approved.body).toBe(200);
    });
  });

  describe('console edits of the business', () => {
    it("refuses the owner turned editor editing their business's offers, profile and locations, or inviting to its team (403, audited)", async () => {
      const { offerId, reviewId } = await submittedProposal();
      expect((await inject('POST', `/api/console/reviews/${reviewId}/approve/`, editor.headers)).statusCode).toBe(200);
      const offer = (await inject('GET', `/api/console/offers/${offerId}/`, ownerEditor.headers)).json() as Json;

      const patch = await inject('PATCH', `/api/console/offers/${offerId}/`, ownerEditor.headers, { version: offer.version, name: 'Now 90% off' });
      expect(patch.statusCode, patch.body).toBe(403);
      expect(patch.json()).toEqual({ detail: OWN_BUSINESS });
      expect((await inject('POST', `/api/console/offers/${offerId}/pause/`, ownerEditor.headers, { version: offer.version })).statusCode).toBe(403);
      expect((await inject('POST', `/api/console/offers/${offerId}/duplicate/`, ownerEditor.headers)).statusCode).toBe(403);
      const create = await inject('POST', '/api/console/offers/', ownerEditor.headers, {
        merchant_id: merchant.id,
        location_id: location.id,
        category_id: category.id,
        name: 'Straight to savers',
        description: '<p>x</p>',
        expires_at: addDays(t.today, 20),
        max_prints: 3,
      });
      expect(create.statusCode, create.body).toBe(403);
      expect(await refusals('offer.update_refused_conflict', offerId)).toHaveLength(1);
      expect(await refusals('offer.pause_refused_conflict', offerId)).toHaveLength(1);

      const merchantNow = (await inject('GET', `/api/console/merchants/${merchant.id}/`, ownerEditor.headers)).json() as Json;
      const merchantPatch = await inject('PATCH', `/api/console/merchants/${merchant.id}/`, ownerEditor.headers, { version: merchantNow.version, name: `Best Bakery ${u}` });
      expect(merchantPatch.statusCode, merchantPatch.body).toBe(403);
      expect(await refusals('merchant.update_refused_conflict', merchant.id)).toHaveLength(1);

      const locationNow = (await inject('GET', `/api/console/locations/${location.id}/`, ownerEditor.headers)).json() as Json;
      const locationPatch = await inject('PATCH', `/api/console/locations/${location.id}/`, ownerEditor.headers, { version: locationNow.version, display_name: 'Flagship' });
      expect(locationPatch.statusCode, locationPatch.body).toBe(403);
      expect(await refusals('location.update_refused_conflict', location.id)).toHaveLength(1);

      const invite = await inject('POST', `/api/console/merchants/${merchant.id}/invitations/`, ownerEditor.headers, { email: `friend-${u}@example.com`, role: 'owner' });
      expect(invite.statusCode, invite.body).toBe(403);

      // Another editor still edits the business.
      const byOther = await inject('PATCH', `/api/console/offers/${offerId}/`, editor.headers, { version: offer.version, name: `Half off ${u}` });
      expect(byOther.statusCode, byOther.body).toBe(200);
    });
  });

  describe('leads', () => {
    it("refuses assigning a business's lead to its cashier turned support, and the cashier handling it (403, audited)", async () => {
      const lead = await insertLead(t.db.db, { kind: 'autolead', marketId: 'minneapolis', merchantId: merchant.id, email: `lead-${u}@example.com`, details: { first_name: 'Lee' }, trackingId: null });
      const read = async () => ((await inject('GET', `/api/console/leads/${lead.id}/`, support.headers)).json() as Json).version;

      const toCashier = await inject('PATCH', `/api/console/leads/${lead.id}/`, support.headers, { version: await read(), assigned_to: cashierSupport.id });
      expect(toCashier.statusCode, toCashier.body).toBe(403);
      expect(toCashier.json()).toEqual({ detail: ASSIGNEE_OWN_BUSINESS });

      const byCashier = await inject('PATCH', `/api/console/leads/${lead.id}/`, cashierSupport.headers, { version: await read(), assigned_to: support.id });
      expect(byCashier.statusCode, byCashier.body).toBe(403);
      expect(byCashier.json()).toEqual({ detail: OWN_BUSINESS });
      const closeByCashier = await inject('PATCH', `/api/console/leads/${lead.id}/`, cashierSupport.headers, { version: await read(), status: 'done' });
      expect(closeByCashier.statusCode, closeByCashier.body).toBe(403);

      const refused = await refusals('lead.update_refused_conflict', lead.id);
      expect(refused.map((r) => [r.actor_id, r.after.member_user_id])).toEqual([
        [support.id, cashierSupport.id],
        [cashierSupport.id, cashierSupport.id],
        [cashierSupport.id, cashierSupport.id],
      ]);

      const toSupport = await inject('PATCH', `/api/console/leads/${lead.id}/`, support.headers, { version: await read(), assigned_to: support.id });
      expect(toSupport.statusCode, toSupport.body).toBe(200);
    });
  });
});
