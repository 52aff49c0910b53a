// The mail jobs against the real database (PGlite, and PostgreSQL with DATABASE_URL): at most one
// mail per key across runs and instances, switched-off kinds, the digest's "nothing new", and a
// large run killed mid-way that a later run resumes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, signUpVerifiedMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, addPlace, uid } from '../catalogue/catalogue.fixtures.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { DIGEST_MAIL, EXPIRY_MAIL, expiryReminderJob, weeklyDigestJob } from './lib/jobs.ts';
import { runMailJob } from './lib/runner.ts';

let t: TestApp;
let category: { id: number };
let location: { id: number; merchantId: number };
/** ZIPs of two test places: one beside the test location, one in the middle of Lake Michigan. */
let nearZip: string;
let lakeZip: string;
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' AND slug = 'food-dining' LIMIT 1`)) as [{ id: number }];
  location = await addLocation(t.db, await addMerchant(t.db, { name: `Jobs Test ${uid()}` }), { lat: 44.3, lng: -85.6 });
  // No real ZIP code is below 00501, so these never share a ZIP with a seeded place (a ZIP's point
  // is its most populous place: a real place on a made-up ZIP moved the member elsewhere).
  nearZip = '00011';
  lakeZip = '00012';
  await addPlace(t.db, { name: `Neartown ${uid()}`, state: 'MI', lat: 44.31, lng: -85.61, population: 10_000, zips: [nearZip] });
  await addPlace(t.db, { name: `Laketown ${uid()}`, state: 'MI', lat: 43.5, lng: -87.0, population: 10_000, zips: [lakeZip] });
});
afterAll(async () => {
  await t?.close();
});

async function newRun(name: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(sql`INSERT INTO job_runs (name) VALUES (${name}) RETURNING id`);
  return row!.id;
}

const queued = async (kind: string, userIds: number[]) =>
  (
    await t.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND data->>'kind' = ${kind} AND (data->'data'->>'userId')::int = ANY(${`{${userIds.join(',')}}`}::int[])`,
    )
  )[0]!.n;

/** Today's weekday in Detroit, 0 = Monday. */
const todayWeekday = () => (new Date(`${businessToday()}T12:00:00Z`).getUTCDay() + 6) % 7;

describe('expiry reminders', () => {
  it('a saved offer expiring in three days gets exactly one reminder across two runs and two instances at once', async () => {
    const m = await signUpMember(t.app);
    const offer = await addOffer(t.db, location, category, { name: `Three days ${uid()}`, expiresAt: addDays(t.today, 3) });
    await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: m.headers, payload: { offer_id: offer.id } });

    // Two instances: two runs of the job at the same time on the same database.
    const [a, b] = [await newRun('expiry-reminders'), await newRun('expiry-reminders')];
    await Promise.all([runMailJob(t.app.deps, expiryReminderJob, { id: a, log: silent }), runMailJob(t.app.deps, expiryReminderJob, { id: b, log: silent })]);
    // Then a second run (e.g. after a restart).
    await runMailJob(t.app.deps, expiryReminderJob, { id: await newRun('expiry-reminders'), log: silent });

    expect(await t.db.rows(sql`SELECT status FROM notification_sends WHERE dedupe_key = ${`expiry:${m.id}:${offer.id}`}`)).toEqual([{ status: 'sent' }]);
    expect(await queued(EXPIRY_MAIL, [m.id])).toBe(1);
    const runs = await t.db.rows<{ sent: number }>(sql`SELECT sent FROM job_runs WHERE id IN (${a}, ${b})`);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeLessThanOrEqual(runs.length);
    await t.app.deps.mail.drain();
    expect((await listMailbox(mailboxDir(t.env))).filter((e) => e.to === m.email && e.kind === EXPIRY_MAIL)).toHaveLength(1);
  });

  it('an unsubscribed kind gets none', async () => {
    const m = await signUpMember(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/user/notifications/', headers: m.headers, payload: { expiry_reminder: false } });
    const offer = await addOffer(t.db, location, category, { name: `Muted ${uid()}`, expiresAt: addDays(t.today, 3) });
    await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: m.headers, payload: { offer_id: offer.id } });
    await runMailJob(t.app.deps, expiryReminderJob, { id: await newRun('expiry-reminders'), log: silent });
    expect(await t.db.rows(sql`SELECT 1 FROM notification_sends WHERE user_id = ${m.id}`)).toHaveLength(0);
    expect(await queued(EXPIRY_MAIL, [m.id])).toBe(0);
  });
});

describe('weekly digest', () => {
  it('mails a member with new offers near their ZIP on their day, and skips one with nothing new', async () => {
    const day = todayWeekday();
    const near = await signUpVerifiedMember(t.app, { promotions_agree: true, zipcode: nearZip });
    const lake = await signUpVerifiedMember(t.app, { promotions_agree: true, zipcode: lakeZip });
    const otherDay = await signUpVerifiedMember(t.app, { promotions_agree: true, zipcode: nearZip });
    for (const m of [near, lake]) await t.app.inject({ method: 'PUT', url: '/api/user/notifications/', headers: m.headers, payload: { digest_day: day } });
    await t.app.inject({ method: 'PUT', url: '/api/user/notifications/', headers: otherDay.headers, payload: { digest_day: (day + 1) % 7 } });
    await addOffer(t.db, location, category, { name: `Fresh this week ${uid()}`, expiresAt: addDays(t.today, 30) });

    const run = await newRun('weekly-digest');
    await runMailJob(t.app.deps, weeklyDigestJob, { id: run, log: silent });
    expect(await queued(DIGEST_MAIL, [near.id])).toBe(1);
    expect(await queued(DIGEST_MAIL, [lake.id, otherDay.id])).toBe(0);
    const [counts] = await t.db.rows<{ sent: number; skipped: number }>(sql`SELECT sent, skipped FROM job_runs WHERE id = ${run}`);
    expect(counts!.sent).toBeGreaterThanOrEqual(1);
    expect(counts!.skipped).toBeGreaterThanOrEqual(1);

    // The same week again: nothing more.
    await runMailJob(t.app.deps, weeklyDigestJob, { id: await newRun('weekly-digest'), log: silent });
    expect(await queued(DIGEST_MAIL, [near.id])).toBe(1);
    await t.app.deps.mail.drain(60_000);
    const [mail] = (await listMailbox(mailboxDir(t.env))).filter((e) => e.to === near.email && e.kind === DIGEST_MAIL);
    expect(mail!.subject).toMatch(/new offers? near you this week/);
    expect(mail!.text).toContain('Fresh this week');
  });

  it("10,000 members' digest goes in batches, and a run killed mid-way is resumed by the next without a duplicate", async () => {
    const day = todayWeekday();
    const u = uid();
    // Every 100th member lives beside new offers; the rest have nothing new.
    const ids = (
      await t.db.rows<{ id: number }>(
        sql`INSERT INTO users (email, password_hash, first_name, last_name, state, zip, email_verified_at, promotions_agree)
            SELECT 'bulk-' || g || '-' || ${u} || '@example.com', 'x', 'Bulk', 'Member', 'MI', CASE WHEN g % 100 = 0 THEN ${nearZip} ELSE ${lakeZip} END, now(), true
            FROM generate_series(1, 10000) g RETURNING id`,
      )
    ).map((r) => r.id);
    await t.db.rows(
      sql`INSERT INTO notification_preferences (user_id, digest_day, marketing, unsubscribe_token)
          SELECT id, ${day}, true, md5(random()::text || id) FROM users WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    await addOffer(t.db, location, category, { name: `Bulk fresh ${uid()}`, expiresAt: addDays(t.today, 30) });

    // The first run is killed after its 4th batch (the process dies: the run stays "running").
    const stop = new AbortController();
    let batches = 0;
    const lines: string[] = [];
    const first = await newRun('weekly-digest');
    const killed = runMailJob(
      t.app.deps,
      weeklyDigestJob,
      {
        id: first,
        signal: stop.signal,
        log: {
          info: (_o: unknown, line?: string) => {
            if (line) lines.push(line);
            if (line?.includes(': batch ') && ++batches === 4) stop.abort();
          },
          error: () => {},
        },
      },
      { batchSize: 500 },
    );
    await expect(killed).rejects.toThrow(/stopped/);
    expect(lines.filter((l) => l.includes(': batch '))).toHaveLength(4);
    const [cut] = await t.db.rows<{ status: string; cursor: { after: number; done: boolean }; heartbeat_at: string | null }>(sql`SELECT status, cursor, heartbeat_at FROM job_runs WHERE id = ${first}`);
    expect(cut!.status).toBe('running');
    expect(cut!.cursor.done).toBe(false);
    expect(cut!.heartbeat_at).not.toBeNull();
    const doneBefore = (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_sends WHERE job_run_id = ${first}`))[0]!.n;

    // The next run finds it dead (its heartbeat is old) and goes on after its cursor.
    const second = await newRun('weekly-digest');
    const secondLines: string[] = [];
    const detail = await runMailJob(t.app.deps, weeklyDigestJob, { id: second, log: { info: (_o: unknown, line?: string) => void (line && secondLines.push(line)), error: () => {} } }, { batchSize: 500, staleSeconds: 0 });
    expect(detail).toContain(`resumed run ${first} after member ${cut!.cursor.after}`);
    expect(secondLines[0]).toContain(`starts after member ${cut!.cursor.after}`);
    expect(secondLines.filter((l) => l.includes(': batch ')).length).toBeGreaterThan(10);

    const sends = await t.db.rows<{ user_id: number; n: number }>(
      sql`SELECT user_id, count(*)::int AS n FROM notification_sends WHERE kind = 'weekly_digest' AND user_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY user_id`,
    );
    expect(sends).toHaveLength(100);
    expect(sends.every((s) => s.n === 1)).toBe(true);
    expect(await queued(DIGEST_MAIL, ids)).toBe(100);
    const runs = await t.db.rows<{ id: number; status: string; sent: number; cursor: { done: boolean } }>(sql`SELECT id, status, sent, cursor FROM job_runs WHERE id IN (${first}, ${second}) ORDER BY id`);
    expect(runs.map((r) => r.status)).toEqual(['failed', 'running']);
    expect(runs[1]!.cursor.done).toBe(true);
    expect(doneBefore + runs[1]!.sent).toBeGreaterThanOrEqual(100);
  }, 240_000);
});
