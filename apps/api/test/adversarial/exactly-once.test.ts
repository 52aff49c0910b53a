// Exactly once, under load (docs/api.md "Exactly once", docs/security.md), on PGlite and on
// PostgreSQL (the suite runs on both): 1,000 concurrent identical contest entries by one member
// leave 1 entry; 1,000 concurrent print token requests create exactly the limit; 1,000 concurrent
// saves of one offer leave 1 row. Every other answer repeats the first result or is a 409, never a
// 5xx. A flood of 1,000 lead posts from one client stores at most the allowed number and serves
// everyone else normally.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printLimit } from '@market/domain/constants';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { randomClientIp, signUpMember, signUpVerifiedMember } from '../../src/modules/auth/members.fixtures.ts';

const CONCURRENT = 1000;
/** A thousand requests queue on one PGlite connection; on a busy 2-core machine that takes a while. */
const FLOOD_TIMEOUT_MS = 300_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}

async function flood(request: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: CONCURRENT }, request));
}

describe(`${CONCURRENT} concurrent identical requests`, () => {
  it('one contest entry per member: one 201, every other answer the same entry', async () => {
    const member = await signUpVerifiedMember(t.app);
    const [running] = await t.db.rows<{ id: number }>(
      sql`SELECT id FROM contests WHERE is_active AND starts_at <= now() AND ends_at > now() ORDER BY id LIMIT 1`,
    );
    expect(running).toBeDefined();
    const answers = await flood(() =>
      t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: member.headers, payload: { contest: running!.id } }),
    );
    const codes = statuses(answers);
    console.log(`contest entries: ${JSON.stringify(codes)}`);
    expect(codes[201]).toBe(1);
    expect(codes[200]).toBe(CONCURRENT - 1);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    const [rows] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_entries WHERE user_id = ${member.id}`);
    expect(rows!.n).toBe(1);
  }, FLOOD_TIMEOUT_MS);

  it('print tokens: exactly the limit max(maxPrints, 3), every other answer 409', async () => {
    const member = await signUpMember(t.app);
    const [offer] = await t.db.rows<{ id: number; max_prints: number }>(sql`SELECT id, max_prints FROM offers WHERE is_active AND expires_at >= current_date ORDER BY id LIMIT 1`);
    const limit = printLimit(offer!.max_prints);
    const answers = await flood(() => t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: member.headers, payload: { offer_id: offer!.id } }));
    const codes = statuses(answers);
    console.log(`print tokens (limit ${limit}): ${JSON.stringify(codes)}`);
    expect(codes[201]).toBe(limit);
    expect(codes[409]).toBe(CONCURRENT - limit);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toEqual({ detail: 'Print/Download Limit Reached' });
    const [count] = await t.db.rows<{ prints: number }>(sql`SELECT prints FROM user_prints WHERE user_id = ${member.id} AND offer_id = ${offer!.id}`);
    expect(count!.prints).toBe(limit);
  }, FLOOD_TIMEOUT_MS);

  it('saves of one offer: one row, every answer the same saved id', async () => {
    const member = await signUpMember(t.app);
    const [offer] = await t.db.rows<{ id: number }>(sql`SELECT id FROM offers WHERE is_active ORDER BY id DESC LIMIT 1`);
    const answers = await flood(() => t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: member.headers, payload: { offer_id: offer!.id } }));
    const codes = statuses(answers);
    console.log(`saves: ${JSON.stringify(codes)}`);
    expect(Object.keys(codes).every((c) => Number(c) < 300)).toBe(true);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    const [rows] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM user_clips WHERE user_id = ${member.id}`);
    expect(rows!.n).toBe(1);
  }, FLOOD_TIMEOUT_MS);

  it('a flood of lead posts from one client stores at most the allowed number; other clients are served', async () => {
    const flooder = randomClientIp();
    const marker = `flood-${Date.now().toString(36)}`;
    const suggest = (ip: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/suggestmerchant/', remoteAddress: ip, payload: { name: `${marker} ${i}`, city: 'Detroit', state: 'MI' } });
    let i = 0;
    const answers = await flood(() => suggest(flooder, i++));
    const codes = statuses(answers);
    console.log(`lead flood from one client: ${JSON.stringify(codes)}`);
    const allowed = t.env.LEAD_RATE_LIMIT_MAX;
    expect(codes[201]).toBe(allowed);
    expect(codes[429]).toBe(CONCURRENT - allowed);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toBeDefined();
    const others = await Promise.all(Array.from({ length: 5 }, (_, k) => suggest(randomClientIp(), CONCURRENT + k)));
    expect(others.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const stored = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM leads WHERE details::text LIKE ${`%${marker}%`}`);
    expect(stored[0]!.n).toBe(allowed + 5);
  }, FLOOD_TIMEOUT_MS);
});
