// Who may see what (docs/security.md): an authorisation matrix of anonymous, member A, member B, an
// expired token and a revoked token against every operation of the OpenAPI document; no byte of
// A's data in B's answers; mass assignment on every write; security headers on every answer.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { INVALID_TOKEN_DETAIL, LOGIN_REQUIRED_DETAIL } from '../../src/modules/auth/lib/guard.ts';
import { randomClientIp, signUpMember, signUpVerifiedMember, type TestMember } from '../../src/modules/auth/members.fixtures.ts';
import { expiredMember, memberSnapshot, memberTables, realIds, realisticValues, revokedMember, sampleRequest, type RealIds } from './fixtures.ts';
import { LEAK_PATTERN, listOperations, toInject, type Operation } from './operations.ts';

let t: TestApp;
let operations: Operation[];
let ids: RealIds;
let a: TestMember;
let b: TestMember;
let expired: TestMember;
let revoked: TestMember;
let aSaved: { clipId: number; favoriteId: number };

/** Calls that end the caller's session or account run last, so the other cells keep their tokens. */
const ENDS_SESSION = (op: Operation) => op.id === 'POST /auth/logout/' || op.id === 'DELETE /auth/user/' || op.id === 'DELETE /auth/sessions/{id}/';

beforeAll(async () => {
  t = await createTestApp();
  // Staff operations have their own matrix (test/console-authorisation.test.ts): members get 403 there.
  // So do a merchant's (merchant-insights/routes.test.ts: owner, manager, cashier, another
  // merchant, staff, member, anonymous): a member off the team gets 403 there.
  operations = listOperations(t.app).filter((op) => !op.id.includes(' /api/console/') && !op.id.includes(' /api/merchant/')).sort((x, y) => Number(ENDS_SESSION(x)) - Number(ENDS_SESSION(y)));
  ids = await realIds(t.db);
  // Full members, with confirmed e-mail addresses: contest entries and sweepstakes claims need
  // one (docs/decisions.md), so a 403 there would otherwise hide a wrong refusal.
  a = await signUpVerifiedMember(t.app, { first_name: 'Quillon', last_name: 'Aardvark' });
  b = await signUpVerifiedMember(t.app);
  expired = await expiredMember(t.app, t.db);
  revoked = await revokedMember(t.app);
  aSaved = await saveForA();
});

/** A saves an offer and a location (again, after A's own cells removed them). */
async function saveForA(): Promise<{ clipId: number; favoriteId: number }> {
  const clip = await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: a.headers, payload: { offer_id: ids.offerId } });
  const favorite = await t.app.inject({ method: 'POST', url: '/api/userfavoriteslocation/', headers: a.headers, payload: { favoritable_id: ids.locationId, favoritable_type: 'Location' } });
  expect(clip.statusCode).toBeLessThan(300);
  expect(favorite.statusCode).toBeLessThan(300);
  return { clipId: (clip.json() as { id: number }).id, favoriteId: (favorite.json() as { id: number }).id };
}
afterAll(async () => {
  await t?.close();
});

type Who = 'anonymous' | 'A' | 'B' | 'expired' | 'revoked';

function headersOf(who: Who): Record<string, string> {
  switch (who) {
    case 'anonymous':
      return {};
    case 'A':
      return a.headers;
    case 'B':
      return b.headers;
    case 'expired':
      return expired.headers;
    case 'revoked':
      return revoked.headers;
  }
}

/** A's own ids stand in every id slot, so B's cells try to reach A's rows. */
function valuesAgainstA(): Record<string, unknown> {
  return { ...realisticValues(ids, { savedId: aSaved.clipId }), user_id: a.id, userId: a.id, saved_id: aSaved.clipId };
}

function detail(res: LightMyRequestResponse): unknown {
  try {
    return (res.json() as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
}

describe('authorisation matrix', () => {
  it('answers every operation as expected for anonymous, A, B, an expired and a revoked token, and B never sees A', async () => {
    const wrong: string[] = [];
    const cells: string[] = [];
    const aMarkers = [a.email, a.token, 'Quillon', 'Aardvark'];
    const aRows = async () =>
      Number((await t.db.rows<{ n: number }>(sql`SELECT (SELECT count(*) FROM user_clips WHERE user_id = ${a.id}) + (SELECT count(*) FROM user_favorites WHERE user_id = ${a.id}) AS n`))[0]!.n);

    for (const op of operations) {
      const parts = sampleRequest(op, valuesAgainstA());
      // B first, so that anything B could do to A's rows happens before A's own cell.
      const order: Who[] = ['anonymous', 'expired', 'revoked', 'B', 'A'];
      const status: Partial<Record<Who, number>> = {};
      // A sign-out or deletion ends the session it runs in: B gets a session of its own for it.
      const bHeaders = ENDS_SESSION(op) ? (await signUpMember(t.app)).headers : b.headers;
      for (const who of order) {
        if (who === 'A' && ENDS_SESSION(op)) continue; // A's session must survive for the checks below.
        // Nobody but A may change A's rows.
        if (who === 'A' && (await aRows()) !== 2) wrong.push(`${op.id}: A's saved rows changed by another caller`);
        const res = await t.app.inject(toInject(op, parts, who === 'B' ? bHeaders : headersOf(who), randomClientIp()));
        status[who] = res.statusCode;
        cells.push(`${op.id} ${who} ${res.statusCode}`);
        if (res.statusCode >= 500) wrong.push(`${op.id} as ${who}: ${res.statusCode}`);
        if (LEAK_PATTERN.test(res.body) && res.statusCode >= 400) wrong.push(`${op.id} as ${who}: internal detail in ${res.body.slice(0, 200)}`);
        if (who !== 'A') for (const marker of aMarkers) if (res.body.includes(marker)) wrong.push(`${op.id} as ${who}: A's data (${marker.slice(0, 12)}) in the answer`);
        if (op.secured) {
          if (who === 'anonymous' && (res.statusCode !== 401 || detail(res) !== LOGIN_REQUIRED_DETAIL)) wrong.push(`${op.id} anonymous: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if ((who === 'expired' || who === 'revoked') && (res.statusCode !== 401 || detail(res) !== INVALID_TOKEN_DETAIL)) wrong.push(`${op.id} ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if ((who === 'A' || who === 'B') && res.statusCode === 401) wrong.push(`${op.id} ${who}: 401 for a live token`);
          // B aims at A's ids: refusing (403/404) is right for B, never for A on its own rows.
          if (who === 'A' && res.statusCode === 403) wrong.push(`${op.id} A: 403 on its own data`);
        } else if (res.statusCode === 401 || res.statusCode === 403) {
          // Public calls never ask for a token; a stale one is ignored, not refused.
          wrong.push(`${op.id} ${who}: ${res.statusCode} on a public call`);
        }
      }
      if ((await aRows()) !== 2) aSaved = await saveForA(); // A removed its own rows: save them again.
      if (!op.secured && status.expired !== status.anonymous) wrong.push(`${op.id}: expired token answered ${status.expired}, anonymous ${status.anonymous}`);
      if (!op.secured && status.revoked !== status.anonymous) wrong.push(`${op.id}: revoked token answered ${status.revoked}, anonymous ${status.anonymous}`);
    }

    const mine = await t.app.inject({ method: 'GET', url: '/api/userfavorites/', headers: a.headers });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/userfavorites/', headers: b.headers });
    console.log(`authorisation matrix: ${operations.length} operations x 5 callers = ${cells.length} cells; unexpected ${wrong.length}`);
    expect(wrong).toEqual([]);
    expect(await aRows()).toBe(2);
    expect(mine.body).toContain(String(aSaved.clipId));
    expect(theirs.body).not.toMatch(new RegExp(`"saved_id":(${aSaved.clipId}|${aSaved.favoriteId})\\b`));
  }, 300_000);
});

describe('mass assignment', () => {
  it('stores nothing from extra fields on any write: user ids, roles, verified flags, print counts, saved ids of others', async () => {
    // Confirmed, so contest entries and claims really write (docs/decisions.md).
    const writer = await signUpVerifiedMember(t.app);
    const other = await signUpMember(t.app);
    const otherClip = await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: other.headers, payload: { offer_id: ids.offerId } });
    const otherClipId = (otherClip.json() as { id: number }).id;
    const tables = await memberTables(t.db);
    // Sign-up queues a verification mail whose worker writes a token row, and the other member's
    // save is an analytics event still in the buffer: let both finish first.
    await t.app.deps.mail.drain();
    await t.app.deps.analytics.flush();
    const otherBefore = await memberSnapshot(t.db, other.id, tables);
    const writerIdentity = async () =>
      (await t.db.rows<{ j: string }>(sql`SELECT json_build_object('id', id, 'email', email, 'verified', email_verified_at, 'created', created_at, 'terms', terms_agreed_at)::text AS j FROM users WHERE id = ${writer.id}`))[0]!.j;
    const identityBefore = await writerIdentity();
    const extras = {
      id: other.id,
      user_id: other.id,
      userId: other.id,
      user: other.id,
      owner_id: other.id,
      email: other.email,
      role: 'admin',
      is_admin: true,
      is_staff: true,
      is_superuser: true,
      verified: true,
      is_verified: true,
      email_verified: true,
      email_verified_at: '2000-01-01T00:00:00Z',
      prints: 999,
      print_count: 999,
      prints_count: 999,
      limit: 999,
      max_prints: 999,
      saved_id: otherClipId,
      saved_ids: [otherClipId],
      entered: true,
      created_at: '2000-01-01T00:00:00Z',
    };
    const writes = listOperations(t.app).filter((op) => op.method !== 'GET' && op.body && !ENDS_SESSION(op));
    expect(writes.length).toBeGreaterThan(5);
    const answered: string[] = [];
    for (const op of writes) {
      const parts = sampleRequest(op, realisticValues(ids));
      // Extras are the fields the operation does not declare; declared ones keep their own values.
      const declared = new Set(Object.keys(op.body?.properties ?? {}));
      const undeclared = Object.fromEntries(Object.entries(extras).filter(([k]) => !declared.has(k)));
      parts.body = { ...undeclared, ...(parts.body as Record<string, unknown>), ...pickRealistic(op) };
      const res = await t.app.inject(toInject(op, parts, op.secured ? writer.headers : {}, randomClientIp()));
      answered.push(`${op.id} ${res.statusCode}`);
      expect(res.statusCode, `${op.id}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    console.log(`mass assignment: ${writes.length} writes with ${Object.keys(extras).length} extra fields: ${answered.join(', ')}`);
    await t.app.deps.mail.drain();
    expect(await memberSnapshot(t.db, other.id, tables)).toEqual(otherBefore);
    expect(await writerIdentity()).toBe(identityBefore);
    const [verified] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email_verified_at < '2001-01-01'`);
    expect(verified!.n).toBe(0);
  }, 120_000);
});

/** The realistic values win over the extras for the fields the operation itself declares. */
function pickRealistic(op: Operation): Record<string, unknown> {
  const values = realisticValues(ids);
  const declared = Object.keys(op.body?.properties ?? {});
  return Object.fromEntries(declared.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}
