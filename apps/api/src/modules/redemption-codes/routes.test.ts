import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { zonedInstant } from '@market/domain/redemption-verdict';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp, signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';
import { addStoreDevice, addStoreDevices, addTeamMember, addTeamMembers, type TeamMember } from './redemption-codes.fixtures.ts';
import { UNKNOWN_CODES_PER_WINDOW } from './service.ts';

type Headers = Record<string, string>;

describe('redemption codes', () => {
  let t: TestApp;
  let category: { id: number };
  let merchant: Awaited<ReturnType<typeof addMerchant>>;
  let main: Awaited<ReturnType<typeof addLocation>>;
  let second: Awaited<ReturnType<typeof addLocation>>;
  let rival: Awaited<ReturnType<typeof addMerchant>>;
  let rivalLocation: Awaited<ReturnType<typeof addLocation>>;
  let saver: TestMember;
  let offerId: number;
  let owner: TeamMember;
  let support: TestStaff;

  beforeAll(async () => {
    t = await createTestApp();
    [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
    merchant = await addMerchant(t.db, { name: `Codes Bakery ${uid()}` });
    main = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 }, { displayName: 'Woodward Bakery' });
    second = await addLocation(t.db, merchant, { lat: 42.35, lng: -83.06 }, { displayName: 'Midtown Bakery' });
    rival = await addMerchant(t.db, { name: `Rival Diner ${uid()}` });
    rivalLocation = await addLocation(t.db, rival, { lat: 42.3, lng: -83.0 }, { displayName: 'Rival Diner' });
    offerId = (await addOffer(t.db, main, category, { name: `Free croissant ${uid()}`, expiresAt: addDays(t.today, 10), maxPrints: 200 })).id;
    saver = await signUpMember(t.app);
    owner = await addTeamMember(t.db, merchant.id, 'owner');
    support = await signUpStaff(t.app, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A printed copy of the offer by the saver: its code as shown. */
  async function printedCode(offer = offerId): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: saver.headers, payload: { offer_id: offer } });
    expect(res.statusCode).toBe(201);
    return (res.json() as { code: string }).code;
  }
  const check = (code: string, headers: Headers = {}, ip = randomClientIp()) =>
    t.app.inject({ method: 'GET', url: `/api/redemption-codes/${encodeURIComponent(code)}/`, headers, remoteAddress: ip });
  const redeem = (code: string, headers: Headers = {}, payload: Record<string, unknown> = {}, ip = randomClientIp()) =>
    t.app.inject({ method: 'POST', url: `/api/redemption-codes/${encodeURIComponent(code)}/redeem/`, headers, payload, remoteAddress: ip });
  const attempts = (code: string) => t.db.rows<{ reason: string; tried_merchant_id: number | null; tried_location_id: number | null }>(sql`
    SELECT reason, tried_merchant_id, tried_location_id FROM redemption_attempts WHERE code = ${code.replace(/-/g, '')} ORDER BY id`);

  describe('GET /api/redemption-codes/{code}/', () => {
    it('shows anyone the offer, merchant, expiry and status of a copy, with no personal data, in any typed form', async () => {
      const code = await printedCode();
      const res = await check(code);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({
        code,
        status: 'valid',
        kind: 'print',
        offer: { id: offerId },
        merchant: { id: merchant.id, name: merchant.name, slug: merchant.slug },
        valid_at: { id: main.id, name: 'Woodward Bakery' },
        expires_at: addDays(t.today, 10),
        valid_until: null,
        redeemed_at: null,
        location: null,
        redeemer: null,
      });
      expect(res.body).not.toContain(saver.email);
      expect(res.body).not.toMatch(/user_id|email/);
      const sloppy = code.toLowerCase().replace(/-/g, '').replace(/0/g, 'o').replace(/1/g, 'l');
      expect(((await check(sloppy)).json() as { code: string }).code).toBe(code);
    });

    it('tells the team where they may redeem: every location for owners and managers, given ones for cashiers, its own for a till', async () => {
      const code = await printedCode();
      const manager = await addTeamMember(t.db, merchant.id, 'manager');
      const cashier = await addTeamMember(t.db, merchant.id, 'cashier', [second.id]);
      const till = await addStoreDevice(t.db, merchant.id, main.id);
      const names = async (headers: Headers) => {
        const body = (await check(code, headers)).json() as { redeemer: { as: string; locations: { name: string }[] } | null };
        return body.redeemer && { as: body.redeemer.as, at: body.redeemer.locations.map((l) => l.name) };
      };
      expect(await names(owner.headers)).toEqual({ as: 'owner', at: ['Midtown Bakery', 'Woodward Bakery'] });
      expect(await names(manager.headers)).toEqual({ as: 'manager', at: ['Midtown Bakery', 'Woodward Bakery'] });
      expect(await names(cashier.headers)).toEqual({ as: 'cashier', at: ['Midtown Bakery'] });
      expect(await names(till.headers)).toEqual({ as: 'device', at: ['Woodward Bakery'] });
      expect(await names(saver.headers)).toBeNull();
      expect(await names(support.headers)).toBeNull();
      expect(await names((await addTeamMember(t.db, rival.id, 'owner')).headers)).toBeNull();
    });

    it('answers 400 naming code for a typo and 404 for an unknown code, and records both', async () => {
      const code = await printedCode();
      const typo = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
      const ip = randomClientIp();
      const bad = await check(typo, {}, ip);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: ['This code has a typo: check each character against the coupon.'] });
      expect((await check('abc', {}, ip)).json()).toEqual({ code: ['A code has 15 letters and digits, like 7K3QD-M2XWA-9PTRC.'] });
      const data = 'ZZZZZZZZZZZZZZ';
      const { checkCharacter } = await import('@market/domain/redemption-code');
      const unknown = await check(data + checkCharacter(data), {}, ip);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'No coupon has this code. Check it against the coupon.' });
      const [{ n }] = (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM redemption_attempts WHERE ip = ${ip} AND reason = 'unknown'`)) as [{ n: number }];
      expect(n).toBe(3);
    });

    it(`rate limits an address after ${UNKNOWN_CODES_PER_WINDOW} unknown codes (429), not another address`, async () => {
      const ip = randomClientIp();
      for (let i = 0; i < UNKNOWN_CODES_PER_WINDOW; i++) expect((await check(`NOPE${i}`, {}, ip)).statusCode).toBe(400);
      const limited = await check(await printedCode(), {}, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await redeem(await printedCode(), owner.headers, {}, ip)).statusCode).toBe(429);
      expect((await check(await printedCode(), {}, randomClientIp())).statusCode).toBe(200);
    });
  });

  describe('POST /api/redemption-codes/{code}/redeem/', () => {
    it('lets owners, managers, cashiers at their location and the till of the offer location redeem, once each copy', async () => {
      const manager = await addTeamMember(t.db, merchant.id, 'manager');
      const cashier = await addTeamMember(t.db, merchant.id, 'cashier', [main.id]);
      const till = await addStoreDevice(t.db, merchant.id, main.id);
      for (const [who, headers] of [
        ['owner', owner.headers],
        ['manager', manager.headers],
        ['cashier', cashier.headers],
        ['device', till.headers],
      ] as const) {
        const code = await printedCode();
        const res = await redeem(code, headers);
        expect(res.statusCode, who).toBe(200);
        expect(res.json(), who).toMatchObject({ code, status: 'redeemed', location: { id: main.id, name: 'Woodward Bakery' }, redeemer: { as: who } });
        const [row] = await t.db.rows<{ redeemed_by: number | null; redeemed_device_id: number | null }>(sql`SELECT redeemed_by, redeemed_device_id FROM print_copies WHERE code = ${code.replace(/-/g, '')}`);
        if (who === 'device') expect(row).toEqual({ redeemed_by: null, redeemed_device_id: till.id });
        else expect(row!.redeemed_by).not.toBeNull();
      }
    });

    it('refuses everyone else: anonymous 401, saver and staff 403, owner without second factor 401, cashier elsewhere 403, revoked till 401', async () => {
      const code = await printedCode();
      const ownerWithoutSecondFactor = await addTeamMember(t.db, merchant.id, 'owner', null, { secondFactor: false });
      const cashierElsewhere = await addTeamMember(t.db, merchant.id, 'cashier', [second.id]);
      const revoked = await addStoreDevice(t.db, merchant.id, main.id, { revoked: true });
      const refused: Array<[string, Headers, number, Record<string, unknown>]> = [
        ['anonymous', {}, 401, {}],
        ['saver', saver.headers, 403, {}],
        ['support staff', support.headers, 403, {}],
        ['owner without second factor', ownerWithoutSecondFactor.headers, 401, {}],
        ['cashier at another location', cashierElsewhere.headers, 403, { location_id: main.id }],
        ['cashier, no location given', cashierElsewhere.headers, 403, {}],
        ['revoked till', revoked.headers, 401, {}],
        ['garbage till token', { 'x-store-device': 'not a token' }, 401, {}],
      ];
      for (const [who, headers, status, payload] of refused) expect((await redeem(code, headers, payload)).statusCode, who).toBe(status);
      expect(((await check(code)).json() as { status: string }).status).toBe('valid');
    });

    it("refuses another merchant's owner and till, and records the attempt for staff", async () => {
      const code = await printedCode();
      const rivalOwner = await addTeamMember(t.db, rival.id, 'owner');
      const rivalTill = await addStoreDevice(t.db, rival.id, rivalLocation.id);
      const byOwner = await redeem(code, rivalOwner.headers);
      expect(byOwner.statusCode).toBe(403);
      expect(byOwner.json()).toEqual({ detail: 'This coupon is for another business.', reason: 'other_merchant', message: 'This coupon is for another business.' });
      expect((await redeem(code, rivalTill.headers)).statusCode).toBe(403);
      expect(await attempts(code)).toEqual([
        { reason: 'wrong_merchant', tried_merchant_id: rival.id, tried_location_id: null },
        { reason: 'wrong_merchant', tried_merchant_id: rival.id, tried_location_id: rivalLocation.id },
      ]);

      const list = await t.app.inject({ method: 'GET', url: `/api/console/redemption-attempts/?reason=wrong_merchant&merchant_id=${rival.id}`, headers: support.headers });
      expect(list.statusCode).toBe(200);
      const page = list.json() as { count: number; results: Array<{ code: string; offer_merchant: { name: string }; tried_merchant: { name: string } }> };
      expect(page.count).toBe(2);
      expect(page.results[0]).toMatchObject({ code, offer_merchant: { name: merchant.name }, tried_merchant: { name: rival.name } });
      expect((await t.app.inject({ method: 'GET', url: '/api/console/redemption-attempts/', headers: saver.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/console/redemption-attempts/?reason=nope', headers: support.headers })).statusCode).toBe(400);
    });

    it('refuses a location the offer is not valid at (a till there, or a manager picking it) and records it', async () => {
      const code = await printedCode();
      const midtownTill = await addStoreDevice(t.db, merchant.id, second.id);
      const byTill = await redeem(code, midtownTill.headers);
      expect(byTill.statusCode).toBe(403);
      expect(byTill.json()).toEqual({
        location_id: ['This coupon is not valid at this location.'],
        reason: 'wrong_location',
        message: 'Not valid at this location. Valid only at Woodward Bakery.',
        valid_locations: [{ id: main.id, name: 'Woodward Bakery', address: '100 Main St, Testville, MI' }],
      });
      expect((await redeem(code, owner.headers, { location_id: second.id })).statusCode).toBe(403);
      expect((await redeem(code, owner.headers, { location_id: rivalLocation.id })).json()).toEqual({ location_id: ['Pick one of this business’s locations.'] });
      expect((await redeem(code, owner.headers, { location_id: 'abc' })).statusCode).toBe(400);
      expect((await redeem(code, midtownTill.headers, { location_id: main.id })).statusCode).toBe(400);
      expect((await attempts(code)).map((a) => [a.reason, a.tried_location_id])).toEqual([
        ['wrong_location', second.id],
        ['wrong_location', second.id],
      ]);
      expect((await redeem(code, owner.headers, { location_id: main.id })).statusCode).toBe(200);
    });

    it('refuses a photocopy: the second use is 409 with when and where the first was', async () => {
      const code = await printedCode();
      const cashier = await addTeamMember(t.db, merchant.id, 'cashier', [main.id]);
      const first = await redeem(code, cashier.headers);
      expect(first.statusCode).toBe(200);
      const { redeemed_at: when } = first.json() as { redeemed_at: string };
      const again = await redeem(code.toLowerCase(), owner.headers);
      expect(again.statusCode).toBe(409);
      const body = again.json() as { detail: string; redeemed_at: string; location: { id: number; name: string } };
      expect(body.redeemed_at).toBe(when);
      expect(body.location).toMatchObject({ id: main.id, name: 'Woodward Bakery' });
      expect(body.detail).toMatch(/^This code was already redeemed on \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M at Woodward Bakery\.$/);
      expect((await check(code)).json()).toMatchObject({ status: 'redeemed', redeemed_at: when, location: { name: 'Woodward Bakery' } });
      expect((await attempts(code)).map((a) => a.reason)).toEqual(['already_redeemed']);
    });

    it('gives exactly one success of 1,000 simultaneous redeems of one code by different cashiers', async () => {
      const code = await printedCode();
      const cashiers = await addTeamMembers(t.db, merchant.id, 'cashier', 1000, { locationIds: [main.id] });
      const answers = await Promise.all(cashiers.map((c) => redeem(code, c.headers)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(999);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as { redeemed_at: string };
      expect(answers.filter((a) => a.statusCode === 409).every((a) => (a.json() as { redeemed_at: string }).redeemed_at === winner.redeemed_at)).toBe(true);
      const [{ n }] = (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'redemption_code.redeem' AND after->>'code' = ${code}`)) as [{ n: number }];
      expect(n).toBe(1);
    }, 120_000);

    it("puts the offer in the saver's redeemed list and counts a verified redemption in the merchant's analytics", async () => {
      const other = await addOffer(t.db, main, category, { name: `Free coffee ${uid()}`, expiresAt: addDays(t.today, 5) });
      const code = await printedCode(other.id);
      const before = (await t.app.inject({ method: 'GET', url: '/api/redemptions/', headers: saver.headers })).json() as Array<{ offer_id: number }>;
      expect(before.some((r) => r.offer_id === other.id)).toBe(false);
      expect((await redeem(code, owner.headers)).statusCode).toBe(200);
      const after = (await t.app.inject({ method: 'GET', url: '/api/redemptions/', headers: saver.headers })).json() as Array<{ offer_id: number; code: string | null }>;
      expect(after.find((r) => r.offer_id === other.id)).toMatchObject({ offer_id: other.id, code: null });
      await t.app.deps.analytics.flush();
      const counters = await t.db.rows<{ scope: string; count: number }>(sql`
        SELECT scope, count FROM analytics_daily WHERE metric = 'verified_redemptions' AND ((scope = 'offer' AND scope_id = ${other.id}) OR (scope = 'merchant' AND scope_id = ${merchant.id}))`);
      expect(counters.find((c) => c.scope === 'offer')?.count).toBe(1);
      expect(counters.find((c) => c.scope === 'merchant')?.count).toBeGreaterThanOrEqual(1);
    });

    it('answers expired and void for an offer past its last day or a withdrawn copy (410)', async () => {
      const old = await addOffer(t.db, main, category, { name: `Old deal ${uid()}`, expiresAt: addDays(t.today, 3) });
      const code = await printedCode(old.id);
      await t.db.rows(sql`UPDATE offers SET expires_at = ${addDays(t.today, -1)} WHERE id = ${old.id}`);
      expect(((await check(code)).json() as { status: string }).status).toBe('expired');
      expect((await redeem(code, owner.headers)).statusCode).toBe(410);
      const voided = await printedCode();
      await t.db.rows(sql`UPDATE print_copies SET voided_at = now() WHERE code = ${voided.replace(/-/g, '')}`);
      expect(((await check(voided)).json() as { status: string }).status).toBe('void');
      expect((await redeem(voided, owner.headers)).json()).toEqual({
        detail: 'This copy is void: it was undone by the saver or withdrawn.',
        reason: 'void',
        message: 'This copy is void: it was undone by the saver or withdrawn.',
      });
    });

    it('gives anonymous copies a code too', async () => {
      const ip = randomClientIp();
      const pdf = await t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${offerId}`, remoteAddress: ip });
      expect(pdf.statusCode).toBe(200);
      const [copy] = await t.db.rows<{ code: string }>(sql`SELECT code FROM print_copies WHERE client_address = ${ip} ORDER BY id DESC LIMIT 1`);
      expect(copy!.code).toMatch(/^[0-9A-Z]{15}$/);
      expect((await redeem(copy!.code, owner.headers)).statusCode).toBe(200);
    });
  });

  describe('one verdict at the till, on the shop’s own clock', () => {
    type Verdict = { redeemable: boolean; reason: string | null; message: string; next_valid_at?: string; valid_locations?: Array<{ id: number; name: string }> };
    type Checked = { status: string; verdict: Verdict; conditions: string[] };
    /** Pins the API's clock (AppDeps.clock) for the block; the real clock again after it. */
    async function at<T>(instant: Date, block: () => Promise<T>): Promise<T> {
      t.app.deps.clock = () => instant;
      try {
        return await block();
      } finally {
        t.app.deps.clock = undefined;
      }
    }
    /** The first date on or after `from` (YYYY-MM-DD) that falls on `weekday` (0 = Sunday). */
    function next(from: string, weekday: number): string {
      let day = from;
      while (new Date(`${day}T12:00:00Z`).getUTCDay() !== weekday) day = addDays(day, 1);
      return day;
    }
    const weekdayMornings = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '06:30', to: '11:00' } };

    it('a weekday-morning coupon on Saturday 11:20 PM: outside_hours with Monday 6:30 AM next, for the till and anyone; the redeem refuses it the same way', async () => {
      const saturday = next(addDays(t.today, 1), 6);
      const offer = await addOffer(t.db, main, category, { name: `Breakfast deal ${uid()}`, expiresAt: addDays(saturday, 14), finePrint: weekdayMornings });
      const code = await printedCode(offer.id);
      const till = await addStoreDevice(t.db, merchant.id, main.id);
      const saturdayNight = zonedInstant(saturday, 23 * 60 + 20, 'America/Detroit');
      const mondayMorning = zonedInstant(addDays(saturday, 2), 6 * 60 + 30, 'America/Detroit');
      await at(saturdayNight, async () => {
        for (const headers of [till.headers, {}]) {
          const body = (await check(code, headers)).json() as Checked;
          expect(body.status).toBe('valid');
          expect(body.verdict).toMatchObject({ redeemable: false, reason: 'outside_hours', next_valid_at: mondayMorning.toISOString() });
          expect(body.verdict.message).toMatch(/^Not valid at this time\. It is valid Mon–Fri, 6:30 AM–11:00 AM\. Next valid Mon, \d\d\/\d\d\/\d{4}, 6:30 AM\.$/);
          expect(body.conditions[0]).toBe('Valid Mon–Fri, 6:30 AM–11:00 AM');
        }
        const seen = ((await check(code, till.headers)).json() as Checked).verdict;
        const refused = await redeem(code, till.headers);
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ detail: seen.message, reason: 'outside_hours', message: seen.message, next_valid_at: mondayMorning.toISOString() });
      });
      expect((await attempts(code)).map((a) => [a.reason, a.tried_location_id])).toEqual([['outside_hours', main.id]]);
      await at(new Date(mondayMorning.getTime() + 60_000), async () => {
        expect(((await check(code, till.headers)).json() as Checked).verdict).toEqual({ redeemable: true, reason: null, message: 'Valid — redeem now.' });
        expect((await redeem(code, till.headers)).statusCode).toBe(200);
      });
    });

    it('a cashier of another location: wrong_location naming where it is valid, and no redeem; a manager gets the verdict for the location they pick', async () => {
      const code = await printedCode();
      const uptown = await addTeamMember(t.db, merchant.id, 'cashier', [second.id]);
      const body = (await check(code, uptown.headers)).json() as Checked;
      expect(body.verdict).toEqual({
        redeemable: false,
        reason: 'wrong_location',
        message: 'Not valid at this location. Valid only at Woodward Bakery.',
        valid_locations: [{ id: main.id, name: 'Woodward Bakery', address: '100 Main St, Testville, MI' }],
      });
      const refused = await redeem(code, uptown.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ reason: 'wrong_location', message: body.verdict.message });
      const manager = await addTeamMember(t.db, merchant.id, 'manager');
      const verdictAt = async (id: number) => ((await t.app.inject({ method: 'GET', url: `/api/redemption-codes/${code}/?location_id=${id}`, headers: manager.headers })).json() as Checked).verdict.reason;
      expect(await verdictAt(second.id)).toBe('wrong_location');
      expect(await verdictAt(main.id)).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: `/api/redemption-codes/${code}/?location_id=${rivalLocation.id}`, headers: manager.headers })).statusCode).toBe(400);
      expect(((await check(code)).json() as Checked).verdict.reason).toBeNull();
    });

    it('a signed-in cashier of another business: other_merchant, never valid, and no redeem', async () => {
      const code = await printedCode();
      const rivalCashier = await addTeamMember(t.db, rival.id, 'cashier', [rivalLocation.id]);
      const body = (await check(code, rivalCashier.headers)).json() as Checked & { redeemer: unknown };
      expect(body.redeemer).toBeNull();
      expect(body.verdict).toEqual({ redeemable: false, reason: 'other_merchant', message: 'This coupon is for another business.' });
      const refused = await redeem(code, rivalCashier.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ reason: 'other_merchant', message: body.verdict.message });
      expect((await attempts(code)).map((a) => [a.reason, a.tried_merchant_id])).toEqual([['wrong_merchant', rival.id]]);
    });

    it('a paused offer: paused for everyone, the redeem refused with 422', async () => {
      const offer = await addOffer(t.db, main, category, { name: `Paused deal ${uid()}`, expiresAt: addDays(t.today, 10) });
      const code = await printedCode(offer.id);
      await t.db.rows(sql`UPDATE offers SET status = 'paused', is_active = false WHERE id = ${offer.id}`);
      const body = (await check(code, owner.headers)).json() as Checked;
      expect(body).toMatchObject({ status: 'void', verdict: { redeemable: false, reason: 'paused' } });
      const refused = await redeem(code, owner.headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ reason: 'paused', message: body.verdict.message });
    });

    it('a Minneapolis offer valid through a date: valid at 11 PM Central that day, expired at 12:01 AM Central the next', async () => {
      const twinCities = await addLocation(t.db, merchant, { lat: 44.9778, lng: -93.265 }, { displayName: 'Nicollet Bakery', state: 'MN', city: 'Minneapolis', zip: '55402', marketId: 'minneapolis' });
      const lastDay = addDays(t.today, 5);
      const offer = await addOffer(t.db, twinCities, category, { name: `Twin Cities deal ${uid()}`, expiresAt: lastDay });
      const [late, early] = [await printedCode(offer.id), await printedCode(offer.id)];
      const till = await addStoreDevice(t.db, merchant.id, twinCities.id);
      const elevenPm = zonedInstant(lastDay, 23 * 60, 'America/Chicago');
      const afterMidnight = zonedInstant(addDays(lastDay, 1), 1, 'America/Chicago');
      await at(elevenPm, async () => {
        for (const headers of [till.headers, {}]) expect((await check(late, headers)).json()).toMatchObject({ status: 'valid', verdict: { redeemable: true, reason: null } });
        expect((await redeem(late, till.headers)).statusCode).toBe(200);
      });
      await at(afterMidnight, async () => {
        for (const headers of [till.headers, {}]) {
          expect((await check(early, headers)).json()).toMatchObject({
            status: 'expired',
            verdict: { redeemable: false, reason: 'expired', message: `This coupon has expired. It was valid through ${lastDay.slice(5, 7)}/${lastDay.slice(8, 10)}/${lastDay.slice(0, 4)}.` },
          });
        }
        const refused = await redeem(early, till.headers);
        expect(refused.statusCode).toBe(410);
        expect(refused.json()).toMatchObject({ reason: 'expired' });
      });
    });

    it('after a redeem the answer carries the redeemed verdict: when and where', async () => {
      const code = await printedCode();
      const done = await redeem(code, owner.headers);
      expect(done.json()).toMatchObject({ verdict: { redeemable: false, reason: 'redeemed', location: { id: main.id, name: 'Woodward Bakery' } } });
      expect((done.json() as Checked).verdict.message).toMatch(/^Redeemed on \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M at Woodward Bakery\.$/);
      const again = await redeem(code, owner.headers);
      expect(again.json()).toMatchObject({ reason: 'redeemed', message: (done.json() as Checked).verdict.message });
    });

    it('gives exactly one success of 1,000 simultaneous redeems of one code by tills of the right location', async () => {
      const code = await printedCode();
      const tills = await addStoreDevices(t.db, merchant.id, main.id, 1000);
      const answers = await Promise.all(tills.map((d) => redeem(code, d.headers)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(999);
      expect(answers.filter((a) => a.statusCode === 409).every((a) => (a.json() as { reason: string }).reason === 'redeemed')).toBe(true);
      const [{ n }] = (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'redemption_code.redeem' AND after->>'code' = ${code}`)) as [{ n: number }];
      expect(n).toBe(1);
    }, 300_000);
  });

  describe('slide-to-redeem: the mobile copy and its undo', () => {
    async function slide(member: TestMember, offer: number) {
      const res = await t.app.inject({ method: 'POST', url: '/api/redemptions/', headers: member.headers, payload: { offer_id: offer } });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; code: string; valid_until: string; undo_until: string; redeemed_at: string };
    }
    const undo = (member: TestMember, id: number) => t.app.inject({ method: 'POST', url: `/api/redemptions/${id}/undo/`, headers: member.headers });
    const newOffer = async () => (await addOffer(t.db, main, category, { name: `Slide deal ${uid()}`, expiresAt: addDays(t.today, 10) })).id;

    it('answers the mobile code (10 minutes) that a cashier confirms once; then undo is refused', async () => {
      const member = await signUpMember(t.app);
      const offer = await newOffer();
      const slid = await slide(member, offer);
      expect(slid.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      const since = Date.parse(slid.redeemed_at);
      expect(Date.parse(slid.valid_until) - since).toBeGreaterThanOrEqual(10 * 60_000 - 2000);
      expect(Date.parse(slid.undo_until) - since).toBe(2 * 60_000);
      expect((await check(slid.code)).json()).toMatchObject({ status: 'valid', kind: 'mobile' });
      expect((await redeem(slid.code, owner.headers)).statusCode).toBe(200);
      const late = await undo(member, slid.id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ detail: 'A cashier has already confirmed this redemption, so it cannot be undone.' });
      const list = (await t.app.inject({ method: 'GET', url: '/api/redemptions/', headers: member.headers })).json() as Array<{ id: number; confirmed_at: string | null; undo_until: string | null }>;
      expect(list.find((r) => r.id === slid.id)).toMatchObject({ undo_until: null });
      expect(list.find((r) => r.id === slid.id)!.confirmed_at).not.toBeNull();
    });

    it('undoes within 2 minutes: the copy is void and the saver may slide again', async () => {
      const member = await signUpMember(t.app);
      const offer = await newOffer();
      const slid = await slide(member, offer);
      const undone = await undo(member, slid.id);
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toEqual({ offer_id: offer, code: slid.code, status: 'void' });
      expect(((await check(slid.code)).json() as { status: string }).status).toBe('void');
      expect((await redeem(slid.code, owner.headers)).statusCode).toBe(410);
      const list = (await t.app.inject({ method: 'GET', url: '/api/redemptions/', headers: member.headers })).json() as Array<{ offer_id: number }>;
      expect(list.some((r) => r.offer_id === offer)).toBe(false);
      expect((await undo(member, slid.id)).statusCode).toBe(404);
      const again = await slide(member, offer);
      expect(again.code).not.toBe(slid.code);
    });

    it('refuses undo after 2 minutes, and of another member’s redemption; the mobile code expires after 10 minutes', async () => {
      const member = await signUpMember(t.app);
      const offer = await newOffer();
      const slid = await slide(member, offer);
      expect((await undo(saver, slid.id)).statusCode).toBe(404);
      await t.db.rows(sql`UPDATE print_copies SET created_at = now() - interval '3 minutes' WHERE code = ${slid.code.replace(/-/g, '')}`);
      const late = await undo(member, slid.id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ detail: 'This redemption can no longer be undone: undo works for 2 minutes after the slide.' });
      await t.db.rows(sql`UPDATE print_copies SET expires_at = now() - interval '1 second' WHERE code = ${slid.code.replace(/-/g, '')}`);
      expect(((await check(slid.code)).json() as { status: string }).status).toBe('expired');
      expect((await redeem(slid.code, owner.headers)).statusCode).toBe(410);
      expect((await t.app.inject({ method: 'POST', url: '/api/redemptions/abc/undo/', headers: member.headers })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: `/api/redemptions/${slid.id}/undo/` })).statusCode).toBe(401);
    });
  });
});
