// The preference centre's calls, the one-click unsubscribe and what the mails carry.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DIGEST_DAY_MESSAGE, SWITCH_MESSAGE } from '@market/domain/notifications';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, signUpVerifiedMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { listMailbox, mailboxDir, readMailboxRaw } from '../mail/lib/mailbox.ts';
import { MAIL_TEMPLATES } from '../index.ts';
import { CONTEST_REMINDER_MAIL, CONTEST_RESULT_MAIL, DIGEST_MAIL, EXPIRY_MAIL, PLACES_MAIL, expiryReminderJob } from './lib/jobs.ts';
import { runMailJob } from './lib/runner.ts';

let t: TestApp;
let category: { id: number };
let location: { id: number; merchantId: number };

beforeAll(async () => {
  t = await createTestApp();
  [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
  location = await addLocation(t.db, await addMerchant(t.db, { name: `Notify Test ${uid()}` }), { lat: 42.4734, lng: -83.2219 });
});
afterAll(async () => {
  await t?.close();
});

const prefs = (headers: object) => t.app.inject({ method: 'GET', url: '/api/user/notifications/', headers: headers as Record<string, string> });
const save = (headers: object, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/user/notifications/', headers: headers as Record<string, string>, payload: payload as object });
const silent = { info: () => {}, error: () => {} };

async function newRun(name: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(sql`INSERT INTO job_runs (name) VALUES (${name}) RETURNING id`);
  return row!.id;
}

async function expiringOffer(): Promise<number> {
  return (await addOffer(t.db, location, category, { name: `Ends soon ${uid()}`, expiresAt: addDays(t.today, 3) })).id;
}

describe('GET, PUT /api/user/notifications/', () => {
  it('answers the defaults to a member who never chose: every kind on, Thursday, marketing as agreed at sign-up', async () => {
    const plain = await signUpMember(t.app, { promotions_agree: false });
    const res = await prefs(plain.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      expiry_reminder: true,
      new_from_places: true,
      weekly_digest: true,
      contest_reminder: true,
      contest_result: true,
      digest_day: 3,
      marketing: false,
      address_confirmed: false,
      marketing_active: false,
    });
    const agreed = await signUpVerifiedMember(t.app, { promotions_agree: true });
    expect((await prefs(agreed.headers)).json()).toMatchObject({ marketing: true, address_confirmed: true, marketing_active: true });
  });

  it('saves a subset and keeps the rest; marketing stays inactive until the address is confirmed', async () => {
    const m = await signUpMember(t.app);
    const res = await save(m.headers, { weekly_digest: false, digest_day: 0, marketing: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weekly_digest: false, digest_day: 0, marketing: true, expiry_reminder: true, address_confirmed: false, marketing_active: false });
    expect((await save(m.headers, { expiry_reminder: false })).json()).toMatchObject({ weekly_digest: false, digest_day: 0, marketing: true, expiry_reminder: false });
    expect((await prefs(m.headers)).json()).toMatchObject({ weekly_digest: false, digest_day: 0, expiry_reminder: false });
  });

  it('answers 400 naming each bad field, and 401 without signing in', async () => {
    const m = await signUpMember(t.app);
    const bad = await save(m.headers, { digest_day: 7, expiry_reminder: 'yes', marketing: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ digest_day: [DIGEST_DAY_MESSAGE], expiry_reminder: [SWITCH_MESSAGE], marketing: [SWITCH_MESSAGE] });
    for (const body of [{ digest_day: 2.5 }, { digest_day: '3' }, { digest_day: -1 }]) {
      const res = await save(m.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ digest_day: [DIGEST_DAY_MESSAGE] });
    }
    expect((await save(m.headers, [1, 2])).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/notifications/', payload: { marketing: true } })).statusCode).toBe(401);
  });
});

describe('expiry reminder mail and its one-click unsubscribe', () => {
  it('mails HTML and text with List-Unsubscribe headers; the unsubscribe works without signing in, at once', async () => {
    const m = await signUpMember(t.app);
    const offerId = await expiringOffer();
    await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: m.headers, payload: { offer_id: offerId } });
    await runMailJob(t.app.deps, expiryReminderJob, { id: await newRun('expiry-reminders'), log: silent });
    await t.app.deps.mail.drain();

    const mails = (await listMailbox(mailboxDir(t.env))).filter((e) => e.to === m.email && e.kind === EXPIRY_MAIL);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Ends in 3 days: Ends soon/);
    expect(mail.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail.text).toContain('Ends soon');
    expect(mail.text).toContain('Southfield, MI 48075');
    const raw = (await readMailboxRaw(mailboxDir(t.env), mail.name))!.toString('utf8');
    const header = /^List-Unsubscribe: <(http[^>]+)>$/m.exec(raw.replace(/\n[ \t]+/g, ' '));
    expect(header).not.toBeNull();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = new URL(header![1]!);
    expect(url.pathname).toBe('/api/notifications/unsubscribe/');
    expect(url.searchParams.get('kind')).toBe('expiry_reminder');
    expect(mail.html).toContain(`/user/account#notifications`);

    // The page a person opens changes nothing until the button is pressed.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    // Its own policy lets its inline style and its form through (the API's default forbids them).
    expect(page.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect((await prefs(m.headers)).json()).toMatchObject({ expiry_reminder: true });

    // RFC 8058: the mail client POSTs the form, without any cookie or token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ detail: expect.stringContaining('expiry reminders') });
    expect((await prefs(m.headers)).json()).toMatchObject({ expiry_reminder: false, new_from_places: true });

    // A browser's button press answers a page; again and again.
    const pressed = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'confirm=1' });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('<h1>Unsubscribed</h1>');

    // An unsubscribed kind gets none: a second saved offer ending in 3 days is skipped.
    const second = await expiringOffer();
    await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: m.headers, payload: { offer_id: second } });
    const run = await newRun('expiry-reminders');
    await runMailJob(t.app.deps, expiryReminderJob, { id: run, log: silent });
    const [counts] = await t.db.rows<{ sent: number; skipped: number }>(sql`SELECT sent, skipped FROM job_runs WHERE id = ${run}`);
    expect(counts!.sent).toBe(0);
    expect(counts!.skipped).toBeGreaterThanOrEqual(1);
    expect(await t.db.rows(sql`SELECT 1 FROM notification_sends WHERE user_id = ${m.id} AND dedupe_key = ${`expiry:${m.id}:${second}`}`)).toHaveLength(0);
  });

  it('answers 404 for a link that is not ours and 400 for an unknown kind', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe/?token=nope&kind=weekly_digest' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This unsubscribe link is not valid.');
    const post = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe/?token=nope&kind=weekly_digest' });
    expect(post.statusCode).toBe(404);
    const kind = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe/?token=nope&kind=spam' });
    expect(kind.statusCode).toBe(400);
    expect(Object.keys(kind.json() as object)).toEqual(['kind']);
  });

  it('a mail queued before the member switched its kind off is not sent', async () => {
    const m = await signUpMember(t.app);
    const offerId = await expiringOffer();
    const template = MAIL_TEMPLATES[EXPIRY_MAIL]!;
    const ctx = { db: t.db, env: t.env };
    expect(await template(ctx, m.email, { userId: m.id, ids: [offerId] })).not.toBeNull();
    await save(m.headers, { expiry_reminder: false });
    expect(await template(ctx, m.email, { userId: m.id, ids: [offerId] })).toBeNull();
  });
});

describe('unsubscribe links per kind (security review 6)', () => {
  const KINDS = ['expiry_reminder', 'new_from_places', 'weekly_digest', 'contest_reminder', 'contest_result'] as const;
  const ALL_ON = { expiry_reminder: true, new_from_places: true, weekly_digest: true, contest_reminder: true, contest_result: true };

  async function digestLink(m: { id: number; email: string }): Promise<URL> {
    const content = await MAIL_TEMPLATES[DIGEST_MAIL]!({ db: t.db, env: t.env }, m.email, { userId: m.id, ids: [await expiringOffer()] });
    return new URL(/^<(.+)>$/.exec(content!.headers!['List-Unsubscribe']!)![1]!);
  }
  const withKind = (url: URL, kind: string) => {
    const edited = new URL(url);
    edited.searchParams.set('kind', kind);
    return `${edited.pathname}${edited.search}`;
  };
  const oneClick = (path: string, payload = 'List-Unsubscribe=One-Click') =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

  it('a digest link whose kind is edited turns nothing off (page and POST answer 404)', async () => {
    const m = await signUpVerifiedMember(t.app, { promotions_agree: true });
    const url = await digestLink(m);
    for (const kind of KINDS.filter((k) => k !== 'weekly_digest')) {
      const page = await t.app.inject({ method: 'GET', url: withKind(url, kind) });
      expect(page.statusCode, kind).toBe(404);
      expect((await oneClick(withKind(url, kind))).statusCode, kind).toBe(404);
      expect((await oneClick(withKind(url, kind), 'confirm=1&scope=all')).statusCode, kind).toBe(404);
    }
    expect((await prefs(m.headers)).json()).toMatchObject(ALL_ON);
    // The link as mailed turns off its own kind, and only it.
    expect((await oneClick(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    expect((await prefs(m.headers)).json()).toMatchObject({ ...ALL_ON, weekly_digest: false });
  });

  it('one-click never stops all mail; "all mail" is a separate button on the page the link opens', async () => {
    const m = await signUpVerifiedMember(t.app, { promotions_agree: true });
    const url = await digestLink(m);
    const path = `${url.pathname}${url.search}`;
    // A one-click body naming every kind still stops only the link's own.
    expect((await oneClick(path, 'List-Unsubscribe=One-Click&scope=all')).statusCode).toBe(200);
    expect((await prefs(m.headers)).json()).toMatchObject({ ...ALL_ON, weekly_digest: false });

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<form method="post"/g)).toHaveLength(2);
    expect(page.body).toContain('name="scope" value="all"');
    expect(page.body).toContain('Stop all notification mails');
    const all = await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'confirm=1&scope=all' });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<h1>Unsubscribed</h1>');
    expect((await prefs(m.headers)).json()).toMatchObject({ expiry_reminder: false, new_from_places: false, weekly_digest: false, contest_reminder: false, contest_result: false });
  });

  it('a password change rotates every link: the old ones stop working, new mails carry working ones', async () => {
    const m = await signUpVerifiedMember(t.app, { promotions_agree: true });
    const before = await digestLink(m);
    expect((await t.app.inject({ method: 'GET', url: `${before.pathname}${before.search}` })).statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'PUT', url: '/auth/user/changepassword/', headers: m.headers, payload: { password: m.password, new_password: 'Another horse battery 2' } });
    expect(changed.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${(changed.json() as { token: string }).token}` };
    expect((await t.app.inject({ method: 'GET', url: `${before.pathname}${before.search}` })).statusCode).toBe(404);
    expect((await oneClick(`${before.pathname}${before.search}`)).statusCode).toBe(404);
    expect((await prefs(headers)).json()).toMatchObject(ALL_ON);
    const after = await digestLink(m);
    expect(after.searchParams.get('token')).not.toBe(before.searchParams.get('token'));
    expect((await oneClick(`${after.pathname}${after.search}`)).statusCode).toBe(200);
    expect((await prefs(headers)).json()).toMatchObject({ ...ALL_ON, weekly_digest: false });
  });
});

describe('every notification mail', () => {
  it('carries the one-click unsubscribe of its kind, the preference centre and both parts', async () => {
    const m = await signUpVerifiedMember(t.app, { promotions_agree: true });
    const offerId = await expiringOffer();
    const [entity] = await t.db.rows<{ id: number; contest_id: number }>(sql`SELECT e.id, e.contest_id FROM contest_entities e JOIN contests c ON c.id = e.contest_id WHERE c.is_active ORDER BY e.id LIMIT 1`);
    const [draw] = await t.db.rows<{ id: number }>(
      sql`INSERT INTO contest_draws (contest_id, seed, winners_requested, winners_selected, eligible_entries, entry_ids) VALUES (${entity!.contest_id}, 1, 1, 0, 0, '{}') RETURNING id`,
    );
    const cases: Array<[string, string, number[]]> = [
      [EXPIRY_MAIL, 'expiry_reminder', [offerId]],
      [PLACES_MAIL, 'new_from_places', [offerId]],
      [DIGEST_MAIL, 'weekly_digest', [offerId]],
      [CONTEST_REMINDER_MAIL, 'contest_reminder', [entity!.id]],
      [CONTEST_RESULT_MAIL, 'contest_result', [draw!.id]],
    ];
    for (const [mailKind, kind, ids] of cases) {
      const content = await MAIL_TEMPLATES[mailKind]!({ db: t.db, env: t.env }, m.email, { userId: m.id, ids });
      expect(content, mailKind).not.toBeNull();
      expect(content!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(content!.headers!['List-Unsubscribe']).toMatch(new RegExp(`^<http://localhost:3000/api/notifications/unsubscribe/\\?token=[^&]+&kind=${kind}>$`));
      expect(content!.rendered!.html).toContain('/user/account#notifications');
      expect(content!.rendered!.html).toContain('max-width:560px');
      expect(content!.rendered!.text).toContain('Manage your e-mail preferences');
    }
  });

  it('wears the Twin Cities green for a member whose ZIP is in the area', async () => {
    const [place] = await t.db.rows<{ zip: string }>(sql`SELECT zips[1] AS zip FROM places WHERE state = 'MN' AND name = 'Minneapolis' AND cardinality(zips) > 0 LIMIT 1`);
    if (!place) return;
    const m = await signUpMember(t.app, { state: 'MN', zipcode: place.zip });
    const content = await MAIL_TEMPLATES[EXPIRY_MAIL]!({ db: t.db, env: t.env }, m.email, { userId: m.id, ids: [await expiringOffer()] });
    expect(content!.rendered!.html).toContain('#2e7d32');
    expect(content!.rendered!.html).toContain('LocalSaver Twin Cities');
  });
});
