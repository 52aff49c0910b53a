// Limits (docs/api.md "Limits", docs/security.md): body size caps (413), page size caps, list
// (array) caps and string caps on every operation that takes them, read from the OpenAPI document;
// each a 4xx naming its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@market/domain/constants';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { randomClientIp, signUpVerifiedMember, type TestMember } from '../../src/modules/auth/members.fixtures.ts';
import { signUpStaff, type TestStaff } from '../../src/modules/staff/staff.fixtures.ts';
import { callerHeaders, realIds, realisticValues, realMerchantOwner, sampleRequest } from './fixtures.ts';
import type { TestMerchantPerson } from '../../src/modules/merchant-access/merchant.fixtures.ts';
import { isFieldMessageBody, listOperations, toInject, type Operation } from './operations.ts';

let t: TestApp;
let member: TestMember;
/** Console operations are tried as an admin, so the input checks behind the staff guard are reached. */
let admin: TestStaff;
/** Merchant operations are tried as the owner of a real merchant, on that merchant. */
let owner: TestMerchantPerson;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  // Confirmed, so operations that need a confirmed e-mail (contest entries, claims) reach their input checks.
  member = await signUpVerifiedMember(t.app);
  admin = await signUpStaff(t.app, 'admin');
  owner = await realMerchantOwner(t.app, t.db, await realIds(t.db));
  operations = listOperations(t.app).filter((op) => op.id !== 'POST /auth/logout/' && op.id !== 'DELETE /auth/user/' && op.id !== 'DELETE /auth/sessions/{id}/');
});
afterAll(async () => {
  await t?.close();
});

const headersFor = (op: Operation) => callerHeaders(op, { member, admin, owner });

describe('limits on every operation', () => {
  it('answers 413 to a body over the cap on every operation that takes a body', async () => {
    const withBody = operations.filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const op of withBody) {
      const parts = sampleRequest(op, { merchant_id: owner.merchantId });
      parts.rawBody = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) });
      const res = await t.app.inject(toInject(op, parts, headersFor(op), randomClientIp()));
      expect(res.statusCode, op.id).toBe(413);
      expect(isFieldMessageBody(res.json()), op.id).toBe(true);
    }
  });

  it(`caps page sizes at ${MAX_PAGE_SIZE} and list parameters at their maximum, naming the field`, async () => {
    const ids = await realIds(t.db);
    let pageCaps = 0;
    for (const op of operations.filter((o) => o.params.some((p) => p.name === 'limit' && p.in === 'query'))) {
      const declared = op.params.find((p) => p.name === 'limit')!.schema.maximum;
      expect(declared, `${op.id} declares its page cap`).toBeDefined();
      expect(declared!, op.id).toBeLessThanOrEqual(MAX_PAGE_SIZE);
      const parts = sampleRequest(op, { ...realisticValues(ids), merchant_id: owner.merchantId });
      parts.query.limit = String(declared! + 1);
      const res = await t.app.inject(toInject(op, parts, headersFor(op), randomClientIp()));
      expect(res.statusCode, op.id).toBe(400);
      expect(Object.keys(res.json() as object), op.id).toContain('limit');
      pageCaps++;
    }
    expect(pageCaps).toBeGreaterThan(5);
    // Long texts: each query text parameter with a cap; then a comma list over its 300 ids.
    let textCaps = 0;
    for (const op of operations) {
      for (const p of op.params.filter((q) => q.in === 'query' && q.schema.type === 'string' && typeof q.schema.maxLength === 'number')) {
        const parts = sampleRequest(op, { ...realisticValues(ids), merchant_id: owner.merchantId });
        parts.query[p.name] = Array.from({ length: p.schema.maxLength! + 1 }, () => '1').join('').slice(0, p.schema.maxLength! + 1);
        const res = await t.app.inject(toInject(op, parts, headersFor(op), randomClientIp()));
        expect(res.statusCode, `${op.id} ${p.name}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.id} ${p.name}`).toBeLessThan(500);
        textCaps++;
      }
    }
    const lists = await t.app.inject({ method: 'GET', url: `/api/entities/?type=Offer&exclude=${Array.from({ length: 301 }, (_, i) => i + 1).join(',')}` });
    expect(lists.statusCode).toBe(400);
    expect(lists.json()).toHaveProperty('exclude');
    console.log(`limits: ${pageCaps} page-size caps, ${textCaps} text caps checked`);
  });

  it('caps every string field of every body at its declared length', async () => {
    let checked = 0;
    const ids = await realIds(t.db);
    for (const op of operations.filter((o) => o.body?.properties)) {
      for (const [name, schema] of Object.entries(op.body!.properties!)) {
        if (schema.type !== 'string' || typeof schema.maxLength !== 'number' || schema.maxLength > 10_000) continue;
        const parts = sampleRequest(op, { ...realisticValues(ids), merchant_id: owner.merchantId });
        parts.body = { ...(parts.body as object), [name]: 'a'.repeat(schema.maxLength + 1) };
        const res = await t.app.inject(toInject(op, parts, headersFor(op), randomClientIp()));
        expect(res.statusCode, `${op.id} ${name}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.id} ${name}`).toBeLessThan(500);
        if (res.statusCode === 400) expect(Object.keys(res.json() as object).join(' '), `${op.id} ${name}`).toContain(name);
        checked++;
      }
    }
    console.log(`limits: ${checked} body string caps checked`);
    expect(checked).toBeGreaterThan(10);
  });
});
