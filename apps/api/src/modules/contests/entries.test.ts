// Contest entries (issue 5): POST /api/contestapplication/ and `entered` on the contest answers.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the double-submit race on both).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, signUpVerifiedMember, verifyMemberEmail, type TestMember } from '../auth/members.fixtures.ts';

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
