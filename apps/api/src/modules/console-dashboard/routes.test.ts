import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { AppError } from '../../lib/errors.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { insertLead } from '../leads/repository.ts';
import { mailboxDir, readMailboxRaw } from '../mail/lib/mailbox.ts';
import { MAILBOX_OFF } from '../mail/service.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';
import { JOBS } from './lib/jobs.ts';
import { listMailbox, readMailbox } from './service.ts';

describe('console dashboard, jobs and mailbox', () => {
  let t: TestApp;
  let admin: TestStaff;
  let support: TestStaff;
  let editorDetroit: TestStaff;
  let member: TestMember;
  let detroitLocation: number;
  let chicagoLocation: number;
  const today = businessToday();
  const yesterday = addDays(today, -1);

  const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await t.db.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const inject = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>) => t.app.inject({ method, url, headers, remoteAddress: '10.6.0.1' });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, support, editorDetroit, member] = await Promise.all([signUpStaff(t.app, 'admin'), signUpStaff(t.app, 'support'), signUpStaff(t.app, 'editor', ['detroit']), signUpMember(t.app)]);
    const [d] = await rowsOf<{ id: number }>(sql`SELECT id FROM locations WHERE market_id = 'detroit' ORDER BY id LIMIT 1`);
    const [c] = await rowsOf<{ id: number }>(sql`SELECT id FROM locations WHERE market_id = 'chicago' ORDER BY id LIMIT 1`);
    detroitLocation = d!.id;
    chicagoLocation = c!.id;
    await t.db.db.execute(sql`DELETE FROM analytics_daily`);
    await t.db.db.execute(sql`INSERT INTO analytics_daily (day, scope, scope_id, metric, count) VALUES
      (${today}, 'location', ${detroitLocation}, 'impressions', 40),
      (${today}, 'location', ${detroitLocation}, 'prints', 3),
      (${today}, 'location', ${detroitLocation}, 'downloads', 2),
      (${yesterday}, 'location', ${detroitLocation}, 'redemptions', 1),
      (${today}, 'location', ${chicagoLocation}, 'impressions', 7),
      (${today}, 'offer', 1, 'impressions', 999)`);
    await insertLead(t.db.db, { kind: 'businesslead', marketId: 'detroit', email: 'a@example.com', details: {}, trackingId: null });
    await insertLead(t.db.db, { kind: 'autolead', marketId: 'chicago', email: 'b@example.com', details: {}, trackingId: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/console/dashboard/', () => {
    it('is for any staff role: anonymous 401, member 403', async () => {
      expect((await inject('GET', '/api/console/dashboard/')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/dashboard/', member.headers)).statusCode).toBe(403);
      for (const who of [admin, support, editorDetroit]) expect((await inject('GET', '/api/console/dashboard/', who.headers)).statusCode).toBe(200);
    });

    it('answers today and daily series by market', async () => {
      const res = await inject('GET', '/api/console/dashboard/?days=7', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ markets: ['detroit', 'chicago', 'minneapolis', 'florida'], to: today, from: addDays(today, -6) });
      expect(body.series.impressions).toHaveLength(7);
      expect(body.series.impressions.at(-1)).toEqual({ date: today, value: 47 });
      expect(body.today).toMatchObject({ impressions: 47, prints: 5, redemptions: 0, new_leads: 2 });
      expect(body.today.new_members).toBeGreaterThanOrEqual(1);
      expect(body.today.offers_live).toBeGreaterThan(0);
      expect(body.series.redemptions.at(-2)).toEqual({ date: yesterday, value: 1 });
      expect(body.series.new_leads.businesslead.at(-1).value).toBe(1);
      expect(Object.keys(body.series.new_leads).sort()).toEqual(['autolead', 'businesslead', 'contractorapplication', 'magazine_lead', 'mail_removal', 'suggestmerchant']);

      const detroit = (await inject('GET', '/api/console/dashboard/?market=detroit', admin.headers)).json();
      expect(detroit.markets).toEqual(['detroit']);
      expect(detroit.series.impressions).toHaveLength(30);
      expect(detroit.today).toMatchObject({ impressions: 40, prints: 5, new_leads: 1 });
      expect(detroit.today.offers_live).toBeLessThan(body.today.offers_live);
    });

    it('limits market-limited staff to their markets: 403 for another one', async () => {
      const own = (await inject('GET', '/api/console/dashboard/', editorDetroit.headers)).json();
      expect(own.markets).toEqual(['detroit']);
      expect(own.today.impressions).toBe(40);
      expect((await inject('GET', '/api/console/dashboard/?market=chicago', editorDetroit.headers)).statusCode).toBe(403);
    });

    it('answers bad parameters with a 400 naming the field', async () => {
      for (const [query, field] of [['days=0', 'days'], ['days=91', 'days'], ['days=abc', 'days'], ['market=paris', 'market']] as const) {
        const res = await inject('GET', `/api/console/dashboard/?${query}`, admin.headers);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()[field]).toBeDefined();
      }
    });
  });

  describe('jobs', () => {
    it('lists the jobs for admins only', async () => {
      expect((await inject('GET', '/api/console/jobs/')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/jobs/', member.headers)).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/jobs/', support.headers)).statusCode).toBe(403);
      const res = await inject('GET', '/api/console/jobs/', admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().jobs.map((j: { name: string }) => j.name)).toEqual(JOBS.map((j) => j.name));
    });

    it('runs a job now: recorded with who asked, audited, listed', async () => {
      expect((await inject('POST', '/api/console/jobs/auth-cleanup/runs/')).statusCode).toBe(401);
      expect((await inject('POST', '/api/console/jobs/auth-cleanup/runs/', member.headers)).statusCode).toBe(403);
      expect((await inject('POST', '/api/console/jobs/auth-cleanup/runs/', editorDetroit.headers)).statusCode).toBe(403);
      await t.db.db.execute(sql`INSERT INTO user_tokens (user_id, kind, token_hash, expires_at) VALUES (${member.id}, 'reset', 'expired-hash', now() - interval '1 hour')`);
      for (const name of ['auth-cleanup', 'analytics-flush', 'mail-queue']) {
        const res = await inject('POST', `/api/console/jobs/${name}/runs/`, admin.headers);
        expect(res.statusCode, name).toBe(201);
        expect(res.json()).toMatchObject({ status: 'succeeded', triggered_by: admin.id, finished_at: expect.any(String), detail: expect.any(String) });
      }
      expect(await rowsOf(sql`SELECT id FROM user_tokens WHERE token_hash = 'expired-hash'`)).toEqual([]);
      const runs = await rowsOf<{ name: string; status: string; triggered_by: number }>(sql`SELECT name, status, triggered_by FROM job_runs ORDER BY id`);
      expect(runs).toEqual([
        { name: 'auth-cleanup', status: 'succeeded', triggered_by: admin.id },
        { name: 'analytics-flush', status: 'succeeded', triggered_by: admin.id },
        { name: 'mail-queue', status: 'succeeded', triggered_by: admin.id },
      ]);
      expect(await rowsOf(sql`SELECT actor_id, entity_id FROM audit_log WHERE action = 'job.run' ORDER BY id`)).toEqual([
        { actor_id: admin.id, entity_id: 'auth-cleanup' },
        { actor_id: admin.id, entity_id: 'analytics-flush' },
        { actor_id: admin.id, entity_id: 'mail-queue' },
      ]);
      const listed = (await inject('GET', '/api/console/jobs/', admin.headers)).json();
      expect(listed.jobs.find((j: { name: string }) => j.name === 'auth-cleanup').last_runs).toHaveLength(1);
      expect((await inject('POST', '/api/console/jobs/nothing/runs/', admin.headers)).statusCode).toBe(404);
      const bad = await inject('POST', '/api/console/jobs/NO%20SUCH!/runs/', admin.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().name).toBeDefined();
    });
  });

  describe('mail jobs', () => {
    it('run now answers at once with the run going; the list then shows its sent, skipped and failed', async () => {
      const res = await inject('POST', '/api/console/jobs/contest-reminders/runs/', admin.headers);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'running', finished_at: null, triggered_by: admin.id, sent: 0, skipped: 0, failed: 0 });
      const id = res.json().id as number;
      let run: { status: string; sent: number; skipped: number; failed: number; detail: string | null } | undefined;
      for (let i = 0; i < 200; i++) {
        const listed = (await inject('GET', '/api/console/jobs/', admin.headers)).json();
        run = listed.jobs.find((j: { name: string }) => j.name === 'contest-reminders').last_runs.find((r: { id: number }) => r.id === id);
        if (run?.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(run).toMatchObject({ status: 'succeeded', sent: expect.any(Number), skipped: expect.any(Number), failed: 0, detail: expect.stringMatching(/sent, .* skipped, 0 failed/) });
    });
  });

  describe('mailbox', () => {
    it('lists and opens the local mailbox for admins, never a path', async () => {
      expect((await inject('GET', '/api/console/mailbox/')).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/mailbox/', member.headers)).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/mailbox/', support.headers)).statusCode).toBe(403);
      await t.app.deps.mail.drain();
      const res = await inject('GET', '/api/console/mailbox/', admin.headers);
      expect(res.statusCode).toBe(200);
      const results = res.json().results as { id: string; to: string; subject: string; date: string }[];
      expect(results.length).toBeGreaterThan(0);
      expect([...results].sort((a, b) => (a.date < b.date ? 1 : -1)).map((r) => r.date)).toEqual(results.map((r) => r.date));
      expect(JSON.stringify(res.json())).not.toContain(t.env.DATA_DIR);
      const one = await inject('GET', `/api/console/mailbox/${results[0]!.id}/`, admin.headers);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: results[0]!.id, to: results[0]!.to, text: expect.any(String), html: expect.stringContaining('<') });
      expect(JSON.stringify(one.json())).not.toContain(t.env.DATA_DIR);
      expect((await inject('GET', `/api/console/mailbox/${results[0]!.id}/`, support.headers)).statusCode).toBe(403);
      expect((await inject('GET', '/api/console/mailbox/nope-123/', admin.headers)).statusCode).toBe(404);
      const traversal = await inject('GET', '/api/console/mailbox/..%2F..%2Fetc%2Fpasswd/', admin.headers);
      expect([400, 404]).toContain(traversal.statusCode);
    });

    it('hides the links of password-reset, verification and invitation mails from admins; the .eml keeps them (security review 10)', async () => {
      const someone = await signUpMember(t.app);
      await t.app.inject({ method: 'POST', url: '/auth/passwordreset/', payload: { email: someone.email }, remoteAddress: '10.6.0.9' });
      await t.app.inject({ method: 'POST', url: '/api/console/staff/invitations/', headers: admin.headers, payload: { email: `invitee-${Date.now()}@example.com`, role: 'support' }, remoteAddress: '10.6.0.1' });
      await t.app.deps.mail.drain();
      const results = (await inject('GET', '/api/console/mailbox/', admin.headers)).json().results as { id: string; to: string; subject: string }[];
      const reset = results.find((r) => r.to === someone.email && /Reset your/.test(r.subject));
      const verify = results.find((r) => r.to === someone.email && /Confirm your/.test(r.subject));
      const invitation = results.find((r) => r.to.startsWith('invitee-'));
      for (const entry of [reset, verify, invitation]) {
        expect(entry).toBeDefined();
        const one = (await inject('GET', `/api/console/mailbox/${entry!.id}/`, admin.headers)).json() as { text: string; html: string };
        for (const part of [one.text, one.html]) {
          expect(part, entry!.subject).not.toMatch(/token=/);
          expect(part, entry!.subject).toContain('[link hidden]');
        }
        // The file on disk is the mail as sent.
        const raw = (await readMailboxRaw(mailboxDir(t.env), entry!.id))!.toString('utf8').replace(/=\r?\n/g, '');
        expect(raw).toMatch(/token(=|=3D)[A-Za-z0-9_-]{20,}/);
      }
    });

    it('answers 404 with a clear detail when the server sends by SMTP', async () => {
      const deps = { ...t.app.deps, env: { ...t.app.deps.env, SMTP_URL: 'smtp://mail.example.com' } };
      await expect(listMailbox(deps)).rejects.toThrowError(new AppError('not_found', MAILBOX_OFF));
      await expect(readMailbox(deps, 'anything')).rejects.toThrowError(MAILBOX_OFF);
    });
  });
});
