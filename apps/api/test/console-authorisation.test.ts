// The authorisation matrix of the staff console (docs/security.md "Staff console"): every
// operation under /api/console/ in the OpenAPI document, called as anonymous, a member, each staff
// role and a revoked staff session. The expected roles are written out below, one line per
// operation, so a reviewer reads the whole policy in one place; an operation missing here fails
// the test. Markets are checked record by record in each module's route tests.
//
// A role the route refuses gets 403 before the body or the id is looked at; a role it serves gets
// past the guard (here: an unknown id, 404, or an empty body, 400), so nothing is changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/schema/index.ts';
import { signUpMember, type TestMember } from '../src/modules/auth/members.fixtures.ts';
import { signUpStaff, type TestStaff } from '../src/modules/staff/staff.fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';

const ALL: StaffRole[] = ['admin', 'editor', 'support'];
const ADMIN: StaffRole[] = ['admin'];
const EDITOR: StaffRole[] = ['admin', 'editor'];
const SUPPORT: StaffRole[] = ['admin', 'support'];

/** `METHOD /path/with/{params}/` -> the roles it serves. */
const MATRIX: Record<string, StaffRole[]> = {
  'GET /api/console/me/': ALL,
  'POST /api/console/account/email/': ALL,
  'POST /api/console/account/recovery-codes/': ALL,
  'POST /api/console/account/second-factor/reset/': ALL,
  'GET /api/console/staff/': ADMIN,
  'POST /api/console/staff/invitations/': ADMIN,
  'PATCH /api/console/staff/{id}/': ADMIN,
  'DELETE /api/console/accounts/{id}/sessions/': ADMIN,
  'GET /api/console/audit/': ADMIN,
  'GET /api/console/redemption-attempts/': SUPPORT,
  'GET /api/console/contests/': EDITOR,
  'POST /api/console/contests/': EDITOR,
  'GET /api/console/contests/{id}/': EDITOR,
  'PATCH /api/console/contests/{id}/': EDITOR,
  'POST /api/console/contests/{id}/draws/': EDITOR,
  'POST /api/console/contests/{id}/banner/': EDITOR,
  'POST /api/console/contests/{id}/picture/': EDITOR,
  'GET /api/console/contests/{id}/claims/': ALL,
  'GET /api/console/callouts/': EDITOR,
  'POST /api/console/callouts/': EDITOR,
  'GET /api/console/callouts/{id}/': EDITOR,
  'PATCH /api/console/callouts/{id}/': EDITOR,
  'DELETE /api/console/callouts/{id}/': EDITOR,
  'GET /api/console/callout-settings/': EDITOR,
  'PUT /api/console/callout-settings/': EDITOR,
  'PUT /api/console/merchants/{id}/spotlight/': EDITOR,
  'GET /api/console/spotlight/': EDITOR,
  'GET /api/console/merchants/': EDITOR,
  'POST /api/console/merchants/': EDITOR,
  'GET /api/console/merchants/{id}/': EDITOR,
  'PATCH /api/console/merchants/{id}/': EDITOR,
  'POST /api/console/merchants/{id}/logo/': EDITOR,
  'POST /api/console/merchants/{id}/photo/': EDITOR,
  'GET /api/console/merchants/{id}/photos/': EDITOR,
  'POST /api/console/merchants/{id}/photos/': EDITOR,
  'DELETE /api/console/merchants/{id}/photos/{photo_id}/': EDITOR,
  'POST /api/console/merchants/{id}/locations/': EDITOR,
  'GET /api/console/locations/{id}/': EDITOR,
  'PATCH /api/console/locations/{id}/': EDITOR,
  'GET /api/console/merchants/{id}/team/': EDITOR,
  'POST /api/console/merchants/{id}/invitations/': EDITOR,
  'GET /api/console/reviews/': EDITOR,
  'POST /api/console/reviews/{id}/approve/': EDITOR,
  'POST /api/console/reviews/{id}/reject/': EDITOR,
  'GET /api/console/leads/': SUPPORT,
  'GET /api/console/leads/export.csv': SUPPORT,
  'GET /api/console/leads/{id}/': SUPPORT,
  'PATCH /api/console/leads/{id}/': SUPPORT,
  'POST /api/console/leads/{id}/notes/': SUPPORT,
  'POST /api/console/leads/{id}/approve-contractor/': EDITOR,
  'GET /api/console/newsletter/': SUPPORT,
  'GET /api/console/members/': SUPPORT,
  'GET /api/console/members/{id}/': SUPPORT,
  'POST /api/console/members/{id}/verification/': SUPPORT,
  'POST /api/console/members/{id}/disable/': SUPPORT,
  'POST /api/console/members/{id}/enable/': SUPPORT,
  'POST /api/console/members/{id}/deletion/': SUPPORT,
  'GET /api/console/dashboard/': ALL,
  'GET /api/console/jobs/': ADMIN,
  'POST /api/console/jobs/{name}/runs/': ADMIN,
  'GET /api/console/mailbox/': ADMIN,
  'GET /api/console/mailbox/{id}/': ADMIN,
  'GET /api/console/offers/': EDITOR,
  'POST /api/console/offers/': EDITOR,
  'GET /api/console/offers/{id}/': EDITOR,
  'PATCH /api/console/offers/{id}/': EDITOR,
  'POST /api/console/offers/{id}/publish/': EDITOR,
  'POST /api/console/offers/{id}/pause/': EDITOR,
  'POST /api/console/offers/{id}/resume/': EDITOR,
  'POST /api/console/offers/{id}/expire/': EDITOR,
  'POST /api/console/offers/{id}/duplicate/': EDITOR,
  'POST /api/console/offers/{id}/picture/': EDITOR,
  'GET /api/console/offers/{id}/preview.pdf': EDITOR,
};

/** A value for each path parameter that names nothing. */
function concrete(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => (/id$/.test(name) ? '2147483000' : 'no-such-thing'));
}

let t: TestApp;
let member: TestMember;
const staff = {} as Record<StaffRole, TestStaff>;
let revoked: TestStaff;
let operations: string[];

beforeAll(async () => {
  t = await createTestApp();
  member = await signUpMember(t.app);
  for (const role of ALL) staff[role] = await signUpStaff(t.app, role);
  revoked = await signUpStaff(t.app, 'admin');
  await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: revoked.headers });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/console/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(async () => {
  await t?.close();
});

async function call(operation: string, headers?: Record<string, string>): Promise<number> {
  const [method, path] = operation.split(' ') as [string, string];
  const res = await t.app.inject({ method: method as 'GET', url: concrete(path), headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
  expect(res.statusCode, `${operation}: ${res.body}`).toBeLessThan(500);
  return res.statusCode;
}

describe('console authorisation matrix', () => {
  it('lists every console operation of the OpenAPI document, and nothing that is gone', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((op) => !(op in MATRIX)), 'operations missing from MATRIX').toEqual([]);
    expect(Object.keys(MATRIX).filter((op) => !operations.includes(op)), 'MATRIX lines with no operation').toEqual([]);
  });

  it('answers 401 to anonymous callers and to a revoked staff session, 403 to members', async () => {
    for (const op of operations) {
      expect(await call(op), `${op} anonymous`).toBe(401);
      expect(await call(op, revoked.headers), `${op} revoked`).toBe(401);
      expect(await call(op, member.headers), `${op} member`).toBe(403);
    }
  });

  it('lets each staff role through exactly the operations it serves', async () => {
    for (const op of operations) {
      for (const role of ALL) {
        const status = await call(op, staff[role].headers);
        if (MATRIX[op]!.includes(role)) expect([401, 403], `${op} as ${role} should pass the guard`).not.toContain(status);
        else expect(status, `${op} as ${role}`).toBe(403);
      }
    }
  });
});
