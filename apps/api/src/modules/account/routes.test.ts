import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ALL_ZERO = {
  food_dining_preference: 0,
  home_services_preference: 0,
  health_beauty_preference: 0,
  auto_transportation_preference: 0,
  travel_entertainment_preference: 0,
  retail_fashion_preference: 0,
  special_services_preference: 0,
};
const get = (m?: TestMember) => t.app.inject({ method: 'GET', url: '/api/user/preferences/', headers: m?.headers ?? {} });
const put = (m: TestMember, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/user/preferences/', headers: m.headers, payload });

describe('GET/PUT /api/user/preferences/ (SPEC.md 3 Preferences)', () => {
  it('starts with the seven flags at 0', async () => {
    const member = await signUpMember(t.app);
    const res = await get(member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual(ALL_ZERO);
  });

  it('saves the flags sent as 0/1 (or true/false) and keeps the others', async () => {
    const member = await signUpMember(t.app);
    const first = await put(member, { food_dining_preference: 1, retail_fashion_preference: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...ALL_ZERO, food_dining_preference: 1, retail_fashion_preference: 1 });
    const second = await put(member, { retail_fashion_preference: 0, special_services_preference: '1' });
    expect(second.json()).toEqual({ ...ALL_ZERO, food_dining_preference: 1, special_services_preference: 1 });
    expect((await get(member)).json()).toEqual(second.json());
  });

  it('names the field of a value other than 0 or 1, and stores nothing', async () => {
    const member = await signUpMember(t.app);
    const res = await put(member, { home_services_preference: 2, food_dining_preference: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ home_services_preference: ['Use 1 or 0.'] });
    expect((await get(member)).json()).toEqual(ALL_ZERO);
  });

  it('ignores unknown fields and ids: only the caller\'s own row changes', async () => {
    const a = await signUpMember(t.app);
    const b = await signUpMember(t.app);
    await put(a, { health_beauty_preference: 1 });
    const res = await put(b, { user_id: a.id, id: a.id, userId: a.id, travel_entertainment_preference: 1, is_staff: true });
    expect(res.statusCode).toBe(200);
    expect((await get(a)).json()).toEqual({ ...ALL_ZERO, health_beauty_preference: 1 });
    expect((await get(b)).json()).toEqual({ ...ALL_ZERO, travel_entertainment_preference: 1 });
    const rows = await t.db.rows<{ user_id: number }>(sql`SELECT user_id FROM user_preferences WHERE user_id IN (${a.id}, ${b.id}) ORDER BY user_id`);
    expect(rows.map((r) => r.user_id)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('needs a logged-in member', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'You need to be logged in to make this request.' });
    const anonymousPut = await t.app.inject({ method: 'PUT', url: '/api/user/preferences/', payload: { food_dining_preference: 1 } });
    expect(anonymousPut.statusCode).toBe(401);
  });
});
