// The whole member journey through the HTTP API only.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from './support/harness.ts';
import { randomClientIp } from '../src/modules/auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../src/modules/catalogue/catalogue.fixtures.ts';
import { listMailbox, mailboxDir } from '../src/modules/mail/lib/mailbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a member, from sign-up to account deletion', () => {
  it('registers, verifies from the mailbox, saves and unsaves, changes the password and leaves nothing personal behind', async () => {
    const ip = randomClientIp();
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) =>
      t.app.inject({ method, url, payload, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });

    // Data to save: a regular offer, a car offer, one expired yesterday, a location, a contest.
    const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
    const merchant = await addMerchant(t.db, { name: `Journey ${uid()}` });
    const location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 });
    const coupon = await addOffer(t.db, location, category!, { name: `Coupon ${uid()}`, expiresAt: addDays(t.today, 5) });
    const lease = await addOffer(t.db, location, category!, { name: `Lease ${uid()}`, expiresAt: addDays(t.today, 5), secondaryType: 'lease' });
    const expired = await addOffer(t.db, location, category!, { name: `Old ${uid()}`, expiresAt: addDays(t.today, -1) });
    const [contest] = await t.db.rows<{ id: number }>(sql`SELECT id FROM contest_entities ORDER BY id LIMIT 1`);

    // 1. Sign up.
    const email = `journey-${uid()}@example.com`;
    const signup = await call('POST', '/auth/register/', {
      email,
      password: 'First password 1',
      confirmPassword: 'First password 1',
      firstName: 'Jo',
      lastName: 'Urney',
      state: 'MI',
      zip: '48201',
      birthday: '1990-05-06',
      tracking_id: 'tk_1',
      terms_agree: true,
      promotions_agree: false,
      idmkmdigid: '',
    });
    expect(signup.statusCode).toBe(201);

    // 2. The verification mail lands in the local mailbox directory.
    await t.app.deps.mail.drain();
    const files = await readdir(mailboxDir(t.env));
    const raws = await Promise.all(files.filter((f) => f.endsWith('.eml')).map((f) => readFile(join(mailboxDir(t.env), f), 'utf8')));
    expect(raws.filter((r) => r.includes(`To: ${email}`) && r.includes('Subject: Confirm your LocalSaver e-mail address'))).toHaveLength(1);
    const mail = (await listMailbox(mailboxDir(t.env))).find((m) => m.to === email)!;
    const link = new URL(/https?:\/\/\S+\/verify\?\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe(`${t.env.PUBLIC_URL}/verify`);

    // 3. Verify, then log in.
    expect((await call('POST', '/auth/verifyuser/', { id: link.searchParams.get('id'), token: link.searchParams.get('token') })).statusCode).toBe(200);
    const login = await call('POST', '/auth/login/', { email, password: 'First password 1' });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json() as { token: string; user: { id: number; name: string; email: string; first_name: string } };
    expect(user).toEqual({ id: user.id, name: 'Jo Urney', email, first_name: 'Jo' });
    expect((await call('GET', '/auth/user/info/', undefined, token)).json()).toMatchObject({ email_verified: true });

    // 4. Preferences, saves and unsaves.
    expect((await call('PUT', '/api/user/preferences/', { food_dining_preference: 1 }, token)).statusCode).toBe(200);
    const saveCoupon = (await call('POST', '/api/userclipped/', { offer_id: coupon.id }, token)).json() as { id: number };
    await call('POST', '/api/userclipped/', { offer_id: lease.id }, token);
    await call('POST', '/api/userclipped/', { offer_id: expired.id }, token);
    const saveLocation = (await call('POST', '/api/userfavoriteslocation/', { favoritable_id: location.id, favoritable_type: 'Location' }, token)).json() as { id: number };
    await call('POST', '/api/userfavoriteslocation/', { favoritable_id: contest!.id, favoritable_type: 'ContestEntity' }, token);

    type Saved = { offers: { active: Array<{ entitiable_id: number; saved_id: number }>; expired: Array<{ entitiable_id: number }> }; cars: { active: Array<{ entitiable_id: number }> }; locations: Array<{ id: number; saved_id: number }>; contests: Array<{ entity_id: number }> };
    const list = (await call('GET', '/api/userfavorites/', undefined, token)).json() as Saved;
    expect(list.offers.active.map((o) => [o.entitiable_id, o.saved_id])).toEqual([[coupon.id, saveCoupon.id]]);
    expect(list.offers.expired.map((o) => o.entitiable_id)).toEqual([expired.id]);
    expect(list.cars.active.map((o) => o.entitiable_id)).toEqual([lease.id]);
    expect(list.locations.map((l) => [l.id, l.saved_id])).toEqual([[location.id, saveLocation.id]]);
    expect(list.contests.map((c) => c.entity_id)).toEqual([contest!.id]);

    expect((await call('DELETE', `/api/userclipped/${saveCoupon.id}/`, undefined, token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/userfavorites/${contest!.id}/?favoritable_type=ContestEntity`, undefined, token)).statusCode).toBe(204);
    const after = (await call('GET', '/api/userfavorites/', undefined, token)).json() as Saved;
    expect(after.offers.active).toEqual([]);
    expect(after.contests).toEqual([]);
    expect(after.locations).toHaveLength(1);

    // 5. Change the password: the old token stops working.
    const changed = await call('PUT', '/auth/user/changepassword/', { password: 'First password 1', new_password: 'Second password 2', re_new_password: 'Second password 2' }, token);
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/userfavorites/', undefined, token)).statusCode).toBe(401);
    const fresh = (changed.json() as { token: string }).token;
    expect((await call('GET', '/api/userfavorites/', undefined, fresh)).statusCode).toBe(200);

    // 6. Delete the account: nothing personal remains.
    expect((await call('DELETE', '/auth/user/', { password: 'Second password 2' }, fresh)).statusCode).toBe(204);
    expect((await call('GET', '/auth/user/info/', undefined, fresh)).statusCode).toBe(401);
    expect((await call('POST', '/auth/login/', { email, password: 'Second password 2' })).statusCode).toBe(400);
    expect(await t.db.rows(sql`SELECT 1 FROM users WHERE id = ${user.id} OR email = ${email}`)).toHaveLength(0);
    for (const table of ['access_tokens', 'user_tokens', 'user_preferences', 'user_clips', 'user_favorites']) {
      expect(await t.db.rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE user_id = ${user.id}`), table).toHaveLength(0);
    }
    expect(await t.db.rows(sql`SELECT 1 FROM pgboss.job WHERE data::text LIKE ${`%${email}%`}`)).toHaveLength(0);
    // The catalogue itself is untouched.
    expect(await t.db.rows(sql`SELECT 1 FROM offers WHERE id = ${coupon.id}`)).toHaveLength(1);
  });
});
