// NUL characters in text inputs: PostgreSQL refuses them ("invalid byte sequence 0x00"), so one
// guard (lib/text-input.ts) answers 400 naming the field before any route runs. Checked on the
// endpoints a review found answering 500, then on every text parameter and body field of every
// operation of the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '../../src/lib/text-input.ts';
import { randomClientIp, signUpVerifiedMember, type TestMember } from '../../src/modules/auth/members.fixtures.ts';
import { signUpStaff, type TestStaff } from '../../src/modules/staff/staff.fixtures.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { callerHeaders, realIds, realisticValues, realMerchantOwner, sampleRequest } from './fixtures.ts';
import type { TestMerchantPerson } from '../../src/modules/merchant-access/merchant.fixtures.ts';
import { listOperations, toInject, type Operation } from './operations.ts';

const ANALYTICS_KEY = 'nul-characters-analytics-key';
let t: TestApp;
let member: TestMember;
/** Console operations are tried as an admin, so the input checks behind the staff guard are reached. */
let admin: TestStaff;
/** Merchant operations are tried as the owner of a real merchant, on that merchant. */
let owner: TestMerchantPerson;
let operations: Operation[];

beforeAll(async () => {
  // The analytics read endpoint exists only with its key.
  t = await createTestApp({ ANALYTICS_READ_KEY: ANALYTICS_KEY });
  // Confirmed, so operations that need a confirmed e-mail (contest entries, claims) reach their input checks.
  member = await signUpVerifiedMember(t.app);
  admin = await signUpStaff(t.app, 'admin');
  owner = await realMerchantOwner(t.app, t.db, await realIds(t.db));
  operations = listOperations(t.app).filter((op) => op.id !== 'POST /auth/logout/' && op.id !== 'DELETE /auth/user/' && op.id !== 'DELETE /auth/sessions/{id}/');
});
afterAll(async () => {
  await t?.close();
});

function expectNulRefused(res: { statusCode: number; json(): unknown }, field: string, label: string) {
  expect(res.statusCode, label).toBe(400);
  expect(res.json(), label).toEqual({ [field]: [NUL_CHARACTER_MESSAGE] });
}

describe('NUL characters in text inputs answer 400 naming the field', () => {
  const LISTS = [
    '/api/entities/?type=Offer&city=%00',
    '/api/locations/?city=%00',
    '/api/contests/?city=%00',
    '/api/contestwinners/?city=%00',
    '/api/places/market/?city=%00',
    '/api/recommendations/?city=%00',
    '/api/spotlight/?city=%00',
    '/api/search/?city=%00',
    '/api/search/?q=pizza%00&city=Detroit&state=MI',
    '/api/entities/?type=Offer&city=Det%00roit&state=MI',
  ];

  it.each(LISTS)('GET %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: randomClientIp() });
    expectNulRefused(res, new URL(url, 'http://x').searchParams.get('q')?.includes('\u0000') ? 'q' : 'city', url);
  });

  it('POST /auth/login/ with a NUL in the e-mail or the password', async () => {
    for (const [field, body] of [
      ['email', { email: `${member.email}\u0000`, password: member.password }],
      ['email', { email: '\u0000', password: 'whatever123' }],
      ['password', { email: member.email, password: `pass\u0000word` }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: body, remoteAddress: randomClientIp() });
      expectNulRefused(res, field, JSON.stringify(body));
    }
  });

  it('names nested fields and repeated query parameters', async () => {
    const nested = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: 'a@example.com', password: 'x', extra: { deep: ['ok', '\u0000'] } } });
    expectNulRefused(nested, 'extra.deep', 'nested');
    const listed = await t.app.inject({ method: 'GET', url: '/api/entities/?type=Offer&city=Detroit&city=%00' });
    expectNulRefused(listed, 'city', 'repeated query parameter');
  });

  it('refuses a NUL in every text parameter and body field of every operation', async () => {
    const ids = await realIds(t.db);
    let checked = 0;
    for (const op of operations) {
      const headers = { ...callerHeaders(op, { member, admin, owner }), 'x-analytics-key': ANALYTICS_KEY };
      for (const p of op.params.filter((q) => q.schema.type === 'string' || q.schema.type === undefined)) {
        const parts = sampleRequest(op, { ...realisticValues(ids), merchant_id: owner.merchantId });
        (p.in === 'path' ? parts.path : parts.query)[p.name] = `a\u0000b`;
        const res = await t.app.inject(toInject(op, parts, headers, randomClientIp()));
        // A path parameter that no route matches with a NUL in it is a plain 404.
        if (p.in === 'path' && res.statusCode === 404) continue;
        expectNulRefused(res, p.name, `${op.id} ${p.in} ${p.name}`);
        checked++;
      }
      for (const [name, schema] of Object.entries(op.body?.properties ?? {})) {
        if (schema.type !== 'string') continue;
        const parts = sampleRequest(op, { ...realisticValues(ids), merchant_id: owner.merchantId });
        parts.body = { ...(parts.body as object), [name]: 'a\u0000b' };
        const res = await t.app.inject(toInject(op, parts, headers, randomClientIp()));
        expectNulRefused(res, name, `${op.id} body ${name}`);
        checked++;
      }
    }
    console.log(`nul characters: ${checked} text inputs checked`);
    expect(checked).toBeGreaterThan(40);
  });
});
