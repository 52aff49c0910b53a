import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { contestEntities, contests, contestWinners, locations, merchants } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { sql } from 'drizzle-orm';
import { signUpMember, signUpVerifiedMember, verifyMemberEmail, type TestMember } from '../auth/members.fixtures.ts';

describe('contest lists', () => {
  let t: TestApp;
  const id: Record<string, number> = {};

  type ContestSeed = { key: string; name: string; start: number; end: number; active?: boolean; numbers?: string[]; merchant?: boolean };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db.db;
    // This file's database is its own copy: start from no contests so every list is exact.
    await db.delete(contests);

    const [merchant] = await db.insert(merchants).values({ slug: 'zq-contest-sponsor', name: 'Zq Contest Sponsor' }).returning({ id: merchants.id });
    id.merchant = merchant!.id;
    const [detroitLocation, chicagoLocation] = await db
      .insert(locations)
      .values([
        { merchantId: id.merchant, marketId: 'detroit', displayName: 'Zq Sponsor Detroit', address: '1 Woodward Ave', city: 'Detroit', state: 'MI', zip: '48226', lat: 42.3314, lng: -83.0458 },
        { merchantId: id.merchant, marketId: 'chicago', displayName: 'Zq Sponsor Chicago', address: '1 State St', city: 'Chicago', state: 'IL', zip: '60602', lat: 41.8818, lng: -87.6278 },
      ])
      .returning({ id: locations.id });
    id.detroitLocation = detroitLocation!.id;
    id.chicagoLocation = chicagoLocation!.id;

    const seeds: ContestSeed[] = [
      { key: 'summer', name: 'Zq Summer Giveaway', start: -5, end: 5, merchant: true },
      { key: 'summerTwin', name: 'Zq Summer Giveaway', start: -5, end: 10 },
      { key: 'summerCase', name: '  ZQ summer giveaway ', start: -2, end: 3 },
      { key: 'trip', name: 'Zq Featured Trip', start: -1, end: 30, numbers: ['1234', '5678'], merchant: true },
      { key: 'ended', name: 'Zq Ended Contest', start: -10, end: -1 },
      { key: 'future', name: 'Zq Future Contest', start: 1, end: 10 },
      { key: 'inactive', name: 'Zq Inactive Contest', start: -1, end: 10, active: false },
      { key: 'lastDay', name: 'Zq Last Day', start: 0, end: 0 },
      { key: 'chicago', name: 'Zq Chicago Only', start: -3, end: 3 },
    ];
    for (const s of seeds) {
      const [row] = await db
        .insert(contests)
        .values({
          slug: `zq-${s.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
          displayName: s.name,
          description: `<p>${s.name} description</p>`,
          rulesHtml: '<p>No purchase necessary.</p>',
          picturePath: `/media/contests/${s.key}.svg`,
          bannerPath: `/media/contests/${s.key}-banner.svg`,
          winSaveContestLink: s.key === 'trip' ? 'https://example.com/win' : null,
          merchantId: s.merchant ? id.merchant : null,
          sweepstakesNumbers: s.numbers ?? [],
          prize: 'A prize',
          startsAt: addDays(t.today, s.start),
          endsAt: addDays(t.today, s.end),
          isActive: s.active ?? true,
        })
        .returning({ id: contests.id });
      id[s.key] = row!.id;
    }

    const entity = async (key: string, contest: string, marketId: string, extra: { locationId?: number; isFeatured?: boolean } = {}) => {
      const [row] = await db.insert(contestEntities).values({ contestId: id[contest]!, marketId, ...extra }).returning({ id: contestEntities.id });
      id[key] = row!.id;
    };
    await entity('summerDet', 'summer', 'detroit', { locationId: id.detroitLocation });
    await entity('summerTwinDet', 'summerTwin', 'detroit');
    await entity('summerCaseDet', 'summerCase', 'detroit');
    await entity('tripDet', 'trip', 'detroit', { isFeatured: true });
    await entity('tripMn', 'trip', 'minneapolis');
    await entity('endedDet', 'ended', 'detroit');
    await entity('futureDet', 'future', 'detroit');
    await entity('inactiveDet', 'inactive', 'detroit');
    await entity('lastDayDet', 'lastDay', 'detroit');
    await entity('chicagoChi', 'chicago', 'chicago', { locationId: id.chicagoLocation });

    const winners = await db
      .insert(contestWinners)
      .values([
        { contestId: id.trip!, firstName: 'jane', lastName: 'doe', city: 'ST. CLAIR SHORES', state: 'mi', winning: '1234', selectedAt: new Date('2026-03-05T15:00:00Z') },
        // 03:00 UTC on the 6th is still the 5th in Michigan.
        { contestId: id.ended!, firstName: 'Bob', lastName: 'smith-jones', city: 'grosse pointe woods', state: 'MI', winning: 'A weekend for two', selectedAt: new Date('2026-03-06T03:00:00Z') },
        { contestId: id.trip!, firstName: 'ANN', lastName: 'Lee', city: 'detroit', state: 'MI', winning: '5678', selectedAt: new Date('2026-01-02T12:00:00Z') },
        { contestId: id.chicago!, firstName: 'Carl', lastName: 'Ray', city: 'chicago', state: 'IL', winning: 'Pizza for a year', selectedAt: new Date('2026-04-01T12:00:00Z') },
        { contestId: id.inactive!, firstName: 'Hidden', lastName: 'Winner', city: 'detroit', state: 'MI', winning: 'x', selectedAt: new Date('2026-04-02T12:00:00Z') },
      ])
      .returning({ id: contestWinners.id, firstName: contestWinners.firstName });
    for (const w of winners) id[`winner${w.firstName}`] = w.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const entityIds = (body: Array<{ entity_id: number }>) => body.map((c) => c.entity_id);

  describe('GET /api/contests/', () => {
    it("lists the running contests of the visitor's market, featured first, then nearest", async () => {
      const res = await get('/api/contests/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      // No position: Detroit, MI (SPEC.md 1).
      expect(entityIds(res.json())).toEqual([id.tripDet, id.summerDet, id.lastDayDet]);
    });

    it('answers every contest field of SPEC.md 3', async () => {
      const body = (await get('/api/contests/?state=MI')).json() as Array<Record<string, unknown>>;
      const summer = body.find((c) => c.entity_id === id.summerDet)!;
      expect(summer).toEqual({
        entity_id: id.summerDet,
        is_featured: false,
        contest: {
          id: id.summer,
          path: '/media/contests/summer.svg',
          banner: '/media/contests/summer-banner.svg',
          display_name: 'Zq Summer Giveaway',
          contest_description: '<p>Zq Summer Giveaway description</p>',
          contest_rules: '<p>No purchase necessary.</p>',
          win_save_contest_link: null,
          slug: 'zq-summer',
          prize: 'A prize',
          starts_at: addDays(t.today, -5),
          ends_at: addDays(t.today, 5),
          merchant: { default_location_id: id.detroitLocation, slug: 'zq-contest-sponsor' },
        },
        sweepstakes_numbers: [],
        entered: false,
      });
      const trip = body.find((c) => c.entity_id === id.tripDet) as { contest: { merchant: unknown; win_save_contest_link: string }; sweepstakes_numbers: string[]; is_featured: boolean };
      // No location on the entity: the merchant's first location is its default.
      expect(trip.contest.merchant).toEqual({ default_location_id: id.detroitLocation, slug: 'zq-contest-sponsor' });
      expect(trip.contest.win_save_contest_link).toBe('https://example.com/win');
      expect(trip.sweepstakes_numbers).toEqual(['1234', '5678']);
      expect(trip.is_featured).toBe(true);
      const lastDay = body.find((c) => c.entity_id === id.lastDayDet) as { contest: { merchant: unknown } };
      expect(lastDay.contest.merchant).toBeNull();
    });

    it('deduplicates by display name (SPEC.md 3), keeping the nearest entity', async () => {
      const body = (await get('/api/contests/?limit=100')).json() as Array<{ entity_id: number; contest: { display_name: string } }>;
      const names = body.map((c) => c.contest.display_name.trim().toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      expect(entityIds(body)).toContain(id.summerDet);
      expect(entityIds(body)).not.toContain(id.summerTwinDet);
      expect(entityIds(body)).not.toContain(id.summerCaseDet);
    });

    it('hides ended, future and inactive contests and shows one ending today', async () => {
      const ids = entityIds((await get('/api/contests/?limit=100')).json());
      expect(ids).not.toContain(id.endedDet);
      expect(ids).not.toContain(id.futureDet);
      expect(ids).not.toContain(id.inactiveDet);
      expect(ids).toContain(id.lastDayDet);
    });

    it('featured=1 keeps only the featured contest of the market', async () => {
      expect(entityIds((await get('/api/contests/?featured=1')).json())).toEqual([id.tripDet]);
      expect(entityIds((await get('/api/contests/?featured=true&state=IL')).json())).toEqual([]);
      expect(entityIds((await get('/api/contests/?featured=0')).json())).toEqual([id.tripDet, id.summerDet, id.lastDayDet]);
    });

    it('filters by slug', async () => {
      expect(entityIds((await get('/api/contests/?slug=zq-last-day')).json())).toEqual([id.lastDayDet]);
      expect(entityIds((await get('/api/contests/?slug=ZQ-LAST-DAY')).json())).toEqual([id.lastDayDet]);
      expect((await get('/api/contests/?slug=zq-ended')).json()).toEqual([]);
      expect((await get('/api/contests/?slug=no-such-contest')).json()).toEqual([]);
    });

    it("follows the visitor's market: state, city through places, or coordinates", async () => {
      expect(entityIds((await get('/api/contests/?state=IL')).json())).toEqual([id.chicagoChi]);
      expect(entityIds((await get('/api/contests/?lat=44.98&lng=-93.27')).json())).toEqual([id.tripMn]);
      expect(entityIds((await get('/api/contests/?city=Chicago&state=IL')).json())).toEqual([id.chicagoChi]);
    });

    it('pages with limit and offset', async () => {
      expect(entityIds((await get('/api/contests/?limit=1&offset=1')).json())).toEqual([id.summerDet]);
      expect((await get('/api/contests/?offset=10')).json()).toEqual([]);
    });

    it('answers 400 naming the field for bad parameters', async () => {
      for (const [query, field] of [
        ['limit=abc', 'limit'],
        ['limit=0', 'limit'],
        ['limit=100000', 'limit'],
        ['offset=-1', 'offset'],
        ['offset=99999999999', 'offset'],
        ['lat=999&lng=1', 'lat'],
        ['lat=42', 'lng'],
        ['lng=abc&lat=1', 'lng'],
        ['state=Michigan', 'state'],
        ['slug=%3Cscript%3E', 'slug'],
        [`slug=${'a'.repeat(200)}`, 'slug'],
        ['featured=yes', 'featured'],
      ] as const) {
        const res = await get(`/api/contests/?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toContain(field);
      }
    });
  });

  describe('GET /api/contests/{id}/', () => {
    it('answers a running contest anonymously, entered false', async () => {
      const res = await get(`/api/contests/${id.tripMn}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ entity_id: id.tripMn, is_featured: false, entered: false, contest: { id: id.trip, slug: 'zq-trip' }, sweepstakes_numbers: ['1234', '5678'] });
      expect(res.headers['cache-control']).toContain('public');
    });

    it('is never shared-cached when a bearer token is sent', async () => {
      const res = await get(`/api/contests/${id.summerDet}/`, { authorization: 'Bearer some-token' });
      expect(res.statusCode).toBe(200);
      expect(res.json().entered).toBe(false);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('answers 404 for ended, future, inactive and unknown contests, 400 for a malformed id', async () => {
      for (const key of ['endedDet', 'futureDet', 'inactiveDet']) {
        const res = await get(`/api/contests/${id[key]}/`);
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toEqual({ detail: 'Contest not found.' });
      }
      expect((await get('/api/contests/2147483000/')).statusCode).toBe(404);
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '%3Cscript%3E']) {
        const res = await get(`/api/contests/${bad}/`);
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys(res.json())).toEqual(['id']);
      }
    });
  });

  describe('GET /api/contestwinners/', () => {
    it("lists the winners of the market's contests newest first with display fields (SPEC.md 3)", async () => {
      const res = await get('/api/contestwinners/?state=MI');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      const body = res.json() as Array<Record<string, unknown>>;
      expect(body.map((w) => w.id)).toEqual([id.winnerBob, id.winnerjane, id.winnerANN]);
      expect(body[1]).toEqual({
        id: id.winnerjane,
        first_name: 'jane',
        last_initial: 'D',
        city: 'ST. CLAIR SHORES',
        state: 'mi',
        winning: '1234',
        selected_at: '2026-03-05T15:00:00.000Z',
        drawn: false,
        contest: { id: id.trip, slug: 'zq-trip', display_name: 'Zq Featured Trip', entity_id: id.tripDet },
        display_name: 'Jane D.',
        display_location: 'St. Clair Shores MI',
        display_date: '03/05/2026',
      });
      // Selected at 03:00 UTC on March 6th: still March 5th on the business calendar.
      expect(body[0]).toMatchObject({ display_name: 'Bob S.', display_location: 'Grosse Pointe Woods MI', display_date: '03/05/2026' });
      expect(body[2]).toMatchObject({ display_name: 'Ann L.', display_location: 'Detroit MI', display_date: '01/02/2026' });
    });

    it("answers the first name and last initial only: no winner's last name is public", async () => {
      const res = await get('/api/contestwinners/?state=MI&limit=100');
      const body = res.json() as Array<Record<string, unknown>>;
      expect(body.length).toBeGreaterThan(0);
      for (const w of body) {
        expect(Object.keys(w)).not.toContain('last_name');
        expect(String(w.last_initial)).toMatch(/^[A-Z]$/);
      }
      expect(res.body).not.toMatch(/doe|smith|jones/i);
      expect(body.find((w) => w.id === id.winnerBob)).toMatchObject({ first_name: 'Bob', last_initial: 'S', display_name: 'Bob S.' });
    });

    it('keeps to the market and hides winners of inactive contests', async () => {
      expect((await get('/api/contestwinners/?state=IL')).json().map((w: { id: number }) => w.id)).toEqual([id.winnerCarl]);
      const minneapolis = (await get('/api/contestwinners/?lat=44.98&lng=-93.27')).json() as Array<{ id: number; contest: { entity_id: number } }>;
      expect(minneapolis.map((w) => w.id)).toEqual([id.winnerjane, id.winnerANN]);
      // Each winner links to the draw record through the contest's entity in the asked market.
      expect(minneapolis.map((w) => w.contest.entity_id)).toEqual([id.tripMn, id.tripMn]);
      expect((await get('/api/contestwinners/')).json().map((w: { id: number }) => w.id)).not.toContain(id.winnerHidden);
      expect((await get('/api/contestwinners/?limit=1&offset=1')).json().map((w: { id: number }) => w.id)).toEqual([id.winnerjane]);
    });

    it('answers 400 naming the field for bad parameters', async () => {
      for (const [query, field] of [
        ['lat=abc&lng=1', 'lat'],
        ['lng=-83', 'lat'],
        ['state=%3Cscript%3E', 'state'],
        ['limit=-5', 'limit'],
      ] as const) {
        const res = await get(`/api/contestwinners/?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toContain(field);
      }
    });
  });
});

// Contest entries: POST /api/contestapplication/ and `entered` on the contest answers.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the double-submit race on both).
describe('entries', () => {
  let t: TestApp;
  /** A running contest listed in two markets, its two entities, another running contest, an ended one. */
  let running: { contest: number; entity: number; otherEntity: number };
  let otherContest: { contest: number; entity: number };
  let endedContest: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [pair] = await t.db.rows<{ contest_id: number; a: number; b: number }>(sql`
      SELECT c.id AS contest_id, min(e.id) AS a, max(e.id) AS b
      FROM contests c JOIN contest_entities e ON e.contest_id = c.id
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date
      GROUP BY c.id HAVING count(*) > 1 ORDER BY c.id LIMIT 1`);
    running = { contest: pair!.contest_id, entity: pair!.a, otherEntity: pair!.b };
    const [other] = await t.db.rows<{ contest_id: number; id: number }>(sql`
      SELECT c.id AS contest_id, e.id FROM contests c JOIN contest_entities e ON e.contest_id = c.id
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date AND c.id <> ${running.contest}
      ORDER BY e.id LIMIT 1`);
    otherContest = { contest: other!.contest_id, entity: other!.id };
    const [ended] = await t.db.rows<{ id: number }>(sql`SELECT id FROM contests WHERE ends_at < ${t.today}::date ORDER BY id LIMIT 1`);
    endedContest = ended!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const enter = (member: TestMember | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: member ? member.headers : {}, payload: payload as object });
  const contest = (entity: number, member?: TestMember) => t.app.inject({ method: 'GET', url: `/api/contests/${entity}/`, headers: member ? member.headers : {} });
  const entryRows = (member: TestMember) => t.db.rows<{ contest_id: number; entity_id: number | null }>(sql`SELECT contest_id, entity_id FROM contest_entries WHERE user_id = ${member.id}`);

  describe('POST /api/contestapplication/', () => {
    it('needs a logged-in member (SPEC.md 6, 8), whatever the body', async () => {
      for (const payload of [{ contest: running.contest }, {}, 'nonsense']) {
        const res = await enter(null, payload);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'You need to be logged in to make this request.' });
      }
      const stale = await t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: { authorization: `Bearer ${'x'.repeat(43)}` }, payload: { contest: running.contest } });
      expect(stale.statusCode).toBe(401);
    });

    it('needs a confirmed e-mail address: 403 with a clear message and no entry; once confirmed the entry goes through', async () => {
      const member = await signUpMember(t.app);
      for (const payload of [{ contest: running.contest }, { entity_id: running.entity }]) {
        const res = await enter(member, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'Please confirm your e-mail address to enter contests and sweepstakes. Open the link we e-mailed you, or ask for a new one.' });
      }
      expect(await entryRows(member)).toEqual([]);
      expect((await contest(running.entity, member)).json().entered).toBe(false);
      await verifyMemberEmail(t.app, member);
      expect((await enter(member, { contest: running.contest })).statusCode).toBe(201);
      expect(await entryRows(member)).toHaveLength(1);
    });

    it('enters a member once; the contest then reports entered on every listing of it', async () => {
      const member = await signUpVerifiedMember(t.app);
      expect((await contest(running.entity, member)).json().entered).toBe(false);

      const first = await enter(member, { contest: running.contest, entity_id: running.entity });
      expect(first.statusCode).toBe(201);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.json()).toMatchObject({ contest: running.contest, entity_id: running.entity, entered: true, detail: 'You will be notified by e-mail when a winner is selected.' });

      const again = await enter(member, { contest: String(running.contest) });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());

      expect((await contest(running.entity, member)).json().entered).toBe(true);
      expect((await contest(running.otherEntity, member)).json().entered).toBe(true);
      expect((await contest(otherContest.entity, member)).json().entered).toBe(false);
      // Anonymous and other members still see entered false.
      expect((await contest(running.entity)).json().entered).toBe(false);
      expect((await contest(running.entity, await signUpMember(t.app))).json().entered).toBe(false);
      expect(await entryRows(member)).toEqual([{ contest_id: running.contest, entity_id: running.entity }]);
    });

    it('answers entered in the contest list of a member, which is then private', async () => {
      const member = await signUpVerifiedMember(t.app);
      await enter(member, { entity_id: otherContest.entity });
      const res = await t.app.inject({ method: 'GET', url: '/api/contests/?limit=100', headers: member.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const items = res.json() as Array<{ entered: boolean; contest: { id: number } }>;
      expect(items.filter((c) => c.entered).map((c) => c.contest.id)).toEqual([otherContest.contest]);
    });

    it('keeps one entry under 100 parallel submits of the same member', async () => {
      const member = await signUpVerifiedMember(t.app);
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => enter(member, i % 2 ? { contest: running.contest } : { entity_id: running.otherEntity })));
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 201)).toEqual([]);
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
      expect(await entryRows(member)).toHaveLength(1);
    });

    it('lets many members enter at once', async () => {
      const members = await Promise.all(Array.from({ length: 5 }, () => signUpVerifiedMember(t.app)));
      const answers = await Promise.all(members.map((m) => enter(m, { contest: running.contest })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const [count] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_entries WHERE contest_id = ${running.contest} AND user_id IN (${sql.join(members.map((m) => sql`${m.id}`), sql`, `)})`);
      expect(count!.n).toBe(5);
    });

    it('answers 404 for unknown and ended contests, 400 naming the field for bad input (SPEC.md 8)', async () => {
      const member = await signUpVerifiedMember(t.app);
      for (const payload of [{ contest: 2_147_483_000 }, { contest: endedContest }, { entity_id: 2_147_483_000 }]) {
        const res = await enter(member, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(404);
        expect(res.json()).toEqual({ detail: 'Contest not found.' });
      }
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { contest: ['This is required'] }],
        [{ contest: 'abc' }, { contest: ['Enter a valid id.'] }],
        [{ contest: -1 }, { contest: ['Enter a valid id.'] }],
        [{ contest: running.contest, entity_id: otherContest.entity }, { entity_id: ['This listing belongs to another contest.'] }],
      ];
      for (const [payload, body] of cases) {
        const res = await enter(member, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual(body);
      }
      const array = await enter(member, [1, 2]);
      expect(array.statusCode).toBe(400);
      expect(Object.values(array.json()).flat().join(' ')).toContain('JSON object');
      const broken = await t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{"contest":' });
      expect(broken.statusCode).toBe(400);
      expect(await entryRows(member)).toEqual([]);
    });
  });
});
