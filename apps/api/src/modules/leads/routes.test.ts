// Every lead form through HTTP: validation with the SPEC.md 5 messages, the stored
// record, the office mail through the queue, the shared rate limit, and the newsletter's
// one-click unsubscribe. Each test sends from its own client address so the limit is its own.
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir, readMailboxRaw, type MailboxEntry } from '../mail/lib/mailbox.ts';
import { exportLeadsCsv, safeCell, type ExportKind } from './lib/export.ts';
import { NEWSLETTER_MESSAGE_MAIL } from './lib/mails.ts';

let t: TestApp;
let leaseOffer: { id: number; state: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT_MAX: '12', LEAD_RATE_LIMIT_WINDOW_SECONDS: '600' });
  const [offer] = await t.db.rows<{ id: number; state: string; name: string }>(sql`
    SELECT o.id, l.state, o.name FROM offers o JOIN locations l ON l.id = o.location_id
    WHERE o.secondary_type = 'lease' AND o.is_active AND o.expires_at >= ${t.today}::date
      AND (o.starts_at IS NULL OR o.starts_at <= ${t.today}::date)
    ORDER BY o.id LIMIT 1`);
  leaseOffer = offer!;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, ip = randomClientIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers });

async function mailsTo(to: string): Promise<MailboxEntry[]> {
  await t.app.deps.mail.drain();
  return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === to);
}

async function leadRow(id: number) {
  const [row] = await t.db.rows<{ kind: string; market_id: string; email: string | null; details: Record<string, unknown>; tracking_id: string | null }>(
    sql`SELECT kind, market_id, email, details, tracking_id FROM leads WHERE id = ${id}`,
  );
  return row!;
}

/** The office mail of a lead: one mail to the office whose subject names the lead number. */
async function officeMail(marketId: keyof typeof MARKETS, leadId: number): Promise<MailboxEntry> {
  const mails = (await mailsTo(MARKETS[marketId].contactEmail)).filter((m) => m.subject.endsWith(`(#${leadId})`));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('POST /api/autolead/', () => {
  const lead = () => ({ offer_id: leaseOffer.id, offer_type: 'lease', first_name: 'Ann', last_name: 'Lee', email: 'Ann.Lee@Example.com', phone: '(248) 555-0100', zip: '48075' });

  it("stores a clean lead with the phone as +1 E.164 and mails the dealer's office", async () => {
    const res = await post('/api/autolead/', lead());
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { id, detail } = res.json() as { id: number; detail: string };
    expect(detail).toBe('Form successfully submitted!');
    const row = await leadRow(id);
    expect(row).toMatchObject({ kind: 'autolead', market_id: 'detroit', email: 'ann.lee@example.com' });
    expect(row.details).toMatchObject({ offer_id: leaseOffer.id, offer_type: 'lease', first_name: 'Ann', last_name: 'Lee', phone: '+12485550100', zip: '48075', offer_name: leaseOffer.name });
    const mail = await officeMail('detroit', id);
    expect(mail.subject).toBe(`Auto lease / test drive request: Ann Lee (#${id})`);
    expect(mail.text).toContain('Phone: +12485550100');
    expect(mail.text).toContain(`Offer: ${leaseOffer.name}`);
    const raw = (await readMailboxRaw(mailboxDir(t.env), mail.name))!.toString();
    expect(raw).toMatch(/^Reply-To: ann\.lee@example\.com$/m);
  });

  it('takes the lease form names and test-drive', async () => {
    const res = await post('/api/autolead/', { offerId: leaseOffer.id, type: 'test-drive', firstName: 'Bo', lastName: 'Ray', email: 'bo@example.com', phone: '248.555.0199', zip: 48009 });
    expect(res.statusCode).toBe(201);
    expect((await leadRow(res.json().id)).details).toMatchObject({ offer_type: 'test-drive', first_name: 'Bo', phone: '+12485550199', zip: '48009' });
  });

  it("answers the SPEC.md 5 messages field by field, and 'Phone number not recognized'", async () => {
    const empty = await post('/api/autolead/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      offer_id: ['This is required'],
      offer_type: ['This is required'],
      first_name: ['This is required'],
      last_name: ['This is required'],
      email: ['This is required'],
      phone: ['This is required'],
      zip: ['This is required'],
    });
    const cases: Array<[string, Record<string, string[]>]> = [
      ['(000) 000-0000', { phone: ['Phone number not recognized'] }],
      ['+44 20 7946 0958', { phone: ['Phone number not recognized'] }],
      ['555-0100', { phone: ['Phone number is too short.'] }],
      ['2'.repeat(251), { phone: ['Phone number is too long.'] }],
      ['1234567890123456789012', { phone: ['Phone number is too long.'] }],
    ];
    for (const [phone, body] of cases) {
      const res = await post('/api/autolead/', { ...lead(), phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual(body);
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/autolead/', remoteAddress: randomClientIp() });
    expect(noBody.statusCode).toBe(400);
    expect(Object.keys(noBody.json())).toContain('phone');
    const notJson = await post('/api/autolead/', '{"offer_id":', randomClientIp(), { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses an offer that does not exist', async () => {
    const res = await post('/api/autolead/', { ...lead(), offer_id: 2_147_483_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ offer_id: ['This offer is no longer available.'] });
  });
});

describe('POST /api/suggestmerchant/', () => {
  it("stores the suggestion and mails the state's office", async () => {
    const res = await post('/api/suggestmerchant/', { name: 'Zq Tacos', city: 'Naperville', state: 'il' });
    expect(res.statusCode).toBe(201);
    expect(res.json().detail).toBe('Suggestion Submitted!');
    const row = await leadRow(res.json().id);
    expect(row).toMatchObject({ kind: 'suggestmerchant', market_id: 'chicago', email: null, details: { name: 'Zq Tacos', city: 'Naperville', state: 'IL', kind: 'location' } });
    expect((await officeMail('chicago', res.json().id)).text).toContain('Business name: Zq Tacos');
  });

  it('keeps to the four sold states', async () => {
    const res = await post('/api/suggestmerchant/', { name: '', city: 'Toledo', state: 'OH' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['This is required'], state: ['Choose Michigan, Illinois, Minnesota or Florida.'] });
  });
});

describe('POST /auth/mail_removal/', () => {
  const address = { streetAddress: '100 Main St', aptOrUnitNumber: 'Apt 4', city: 'Tampa', state: 'FL', zipCode: '33602' };

  it("stores the address and mails the office that mails the magazine there", async () => {
    const res = await post('/auth/mail_removal/', address);
    expect(res.statusCode).toBe(201);
    expect(res.json().detail).toBe('Submitted.');
    expect(await leadRow(res.json().id)).toMatchObject({ kind: 'mail_removal', market_id: 'florida', details: address });
    expect((await officeMail('florida', res.json().id)).subject).toContain('Mailing list removal request');
  });

  it("routes an address outside the sold states to the nearest office", async () => {
    const res = await post('/auth/mail_removal/', { ...address, city: 'Toledo', state: 'OH', zipCode: '43604' });
    expect(res.statusCode).toBe(201);
    expect((await leadRow(res.json().id)).market_id).toBe('detroit');
  });

  it('accepts an empty or missing Apartment / unit: most addresses have none (docs/decisions.md)', async () => {
    for (const payload of [{ ...address, aptOrUnitNumber: '' }, { ...address, aptOrUnitNumber: '   ' }, { ...address, aptOrUnitNumber: null }, (({ aptOrUnitNumber: _apt, ...rest }) => rest)(address)]) {
      const res = await post('/auth/mail_removal/', payload);
      expect(res.statusCode).toBe(201);
      const row = await leadRow(res.json().id);
      expect(row.details).toEqual({ streetAddress: '100 Main St', city: 'Tampa', state: 'FL', zipCode: '33602' });
      expect((await officeMail('florida', res.json().id)).text).not.toContain('Apt/unit');
    }
  });

  it("answers every required field 'This is required' and 'Unable to submit request.'", async () => {
    const res = await post('/auth/mail_removal/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      streetAddress: ['This is required'],
      city: ['This is required'],
      state: ['This is required'],
      zipCode: ['This is required'],
      non_field_errors: ['Unable to submit request.'],
    });
    const zip = await post('/auth/mail_removal/', { ...address, zipCode: '3360' });
    expect(zip.json()).toEqual({ zipCode: ['Enter a 5-digit zip code.'], non_field_errors: ['Unable to submit request.'] });
  });
});

describe('POST /auth/magazine_lead/, /api/businesslead/, /api/contractorapplication/', () => {
  it('magazine lead: stores the address and the tracking id', async () => {
    const res = await post('/auth/magazine_lead/', { firstName: 'Cy', lastName: 'Dee', email: 'cy@example.com', address: '5 Elm St', city: 'St. Paul', state: 'MN', zip: '55101', tracking_id: 'abc_123' });
    expect(res.statusCode).toBe(201);
    const row = await leadRow(res.json().id);
    expect(row).toMatchObject({ kind: 'magazine_lead', market_id: 'minneapolis', tracking_id: 'abc_123', details: { first_name: 'Cy', address: '5 Elm St', zip: '55101' } });
    expect(row.details).not.toHaveProperty('tracking_id');
    expect((await officeMail('minneapolis', res.json().id)).text).toContain('tracking id abc_123');
    const bad = await post('/auth/magazine_lead/', { tracking_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['first_name', 'last_name', 'email', 'address', 'city', 'state', 'zip']);
  });

  it('business lead: what the sales team needs, interests normalised', async () => {
    const res = await post('/api/businesslead/', {
      business_name: 'Zq Bakery',
      first_name: 'Di',
      last_name: 'Fox',
      email: 'di@zqbakery.com',
      phone: '813-555-0133',
      city: 'Tampa',
      state: 'FL',
      interests: 'digital, print',
    });
    expect(res.statusCode).toBe(201);
    expect((await leadRow(res.json().id)).details).toMatchObject({ business_name: 'Zq Bakery', phone: '+18135550133', interests: ['print', 'digital'] });
    expect((await officeMail('florida', res.json().id)).text).toContain('Interested in: print, digital');
    const bad = await post('/api/businesslead/', { business_name: 'x', first_name: 'y', last_name: 'z', email: 'a@b.co', phone: 'abcdefghijk', city: 'c', state: 'FL' });
    expect(bad.json()).toEqual({ phone: ['Phone number not recognized'], interests: ['This is required'] });
  });

  it("contractor application: 'yes'/'no' stored as 1/0, slug_* boxes folded into project_slugs", async () => {
    const res = await post('/api/contractorapplication/', {
      company_name: 'Zq Roofing',
      first_name: 'Ed',
      last_name: 'Gray',
      email: 'ed@zqroofing.com',
      phone: '612 555 0120',
      city: 'Minneapolis',
      state: 'MN',
      zip: '55402',
      years_in_business: '8',
      licensed: 'yes',
      insured: 'yes',
      bonded: 'no',
      workers_comp: 'no',
      slug_roofing: 'on',
      slug_gutters: 'on',
      slug_windows: '',
    });
    expect(res.statusCode).toBe(201);
    const row = await leadRow(res.json().id);
    expect(row.market_id).toBe('minneapolis');
    expect(row.details).toMatchObject({ licensed: 1, insured: 1, bonded: 0, workers_comp: 0, years_in_business: 8, project_slugs: ['roofing', 'gutters'] });
    expect(Object.keys(row.details).filter((k) => k.startsWith('slug_'))).toEqual([]);
    expect((await officeMail('minneapolis', res.json().id)).text).toContain('Projects: roofing, gutters');
    const bad = await post('/api/contractorapplication/', { licensed: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().licensed).toEqual(['Answer yes or no.']);
    expect(bad.json().project_slugs).toEqual(['Choose at least one kind of project.']);
  });
});

describe('newsletter', () => {
  const subscribe = (email: string, ip = randomClientIp()) => post('/auth/newsletter/', { email, tracking_id: 'tk_1' }, ip);
  const unsubscribeUrl = (text: string) => {
    const match = /(http:\/\/localhost:3000\/auth\/newsletter\/unsubscribe\/\?token=[A-Za-z0-9_-]+)/.exec(text);
    expect(match).not.toBeNull();
    return new URL(match![1]!);
  };

  const confirmSubject = 'Confirm your LocalSaver newsletter subscription';
  const confirmToken = (mail: MailboxEntry) => {
    const match = /http:\/\/localhost:3000\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  };
  const confirm = (token: unknown) => post('/auth/newsletter/confirm/', { token });
  const sendNewsletter = (email: string) => t.app.deps.mail.enqueue(NEWSLETTER_MESSAGE_MAIL, email, { subject: 'Zq local deals this week', paragraphs: ['Fresh coupons near you.'] });
  const subscriptionRow = async (email: string) =>
    (await t.db.rows<{ confirmed_at: string | null; unsubscribed_at: string | null; tracking_id: string; subscribe_count: number }>(
      sql`SELECT confirmed_at, unsubscribed_at, tracking_id, subscribe_count FROM newsletter_subscriptions WHERE email = ${email}`,
    ))[0]!;

  it('double opt-in: a third party subscribed gets only a confirmation mail, and no newsletter until the link is used, once', async () => {
    const email = `news-${Date.now()}@example.com`;
    const res = await subscribe(email.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'Almost done! Check your inbox and open the link we sent to confirm your subscription.' });
    // Asking again soon after sends no second mail (no mail bombing through the form).
    expect((await subscribe(email)).json()).toEqual(res.json());
    await sendNewsletter(email);
    const pending = await mailsTo(email);
    expect(pending.map((m) => m.subject)).toEqual([confirmSubject]);
    expect(pending[0]!.text).toContain('If you did not ask for this, ignore this e-mail: you will not be subscribed.');
    expect((await subscriptionRow(email)).confirmed_at).toBeNull();

    const token = confirmToken(pending[0]!);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.json()).toEqual({ detail: 'Thank you! Your subscription to the LocalSaver newsletter is confirmed.' });
    expect((await subscriptionRow(email)).confirmed_at).not.toBeNull();
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'This confirmation link is invalid or has expired.' });

    await sendNewsletter(email);
    const after = await mailsTo(email);
    expect(after.map((m) => m.subject).sort()).toEqual([confirmSubject, 'Welcome to the LocalSaver newsletter', 'Zq local deals this week'].sort());
  });

  it('a resend is spaced out and replaces the link; an expired link does not confirm', async () => {
    const email = `news-resend-${Date.now()}@example.com`;
    await subscribe(email);
    const first = confirmToken((await mailsTo(email))[0]!);
    await t.db.rows(sql`UPDATE newsletter_subscriptions SET confirm_sent_at = now() - interval '1 hour' WHERE email = ${email}`);
    await subscribe(email);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = mails.map(confirmToken).find((tk) => tk !== first)!;
    expect((await confirm(first)).statusCode).toBe(400);
    await t.db.rows(sql`UPDATE newsletter_subscriptions SET confirm_expires_at = now() - interval '1 second' WHERE email = ${email}`);
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await subscriptionRow(email)).confirmed_at).toBeNull();
    const bad = await confirm('');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ token: ['This is required'] });
  });

  it('the welcome after confirming carries a one-click link that unsubscribes without a login; coming back needs a new confirmation', async () => {
    const email = `news-${Date.now()}-leave@example.com`;
    await subscribe(email.toUpperCase());
    await confirm(confirmToken((await mailsTo(email))[0]!));
    const welcome = (await mailsTo(email)).filter((m) => m.subject === 'Welcome to the LocalSaver newsletter');
    expect(welcome).toHaveLength(1);
    const url = unsubscribeUrl(welcome[0]!.text);
    // Long headers are folded onto continuation lines.
    const raw = (await readMailboxRaw(mailboxDir(t.env), welcome[0]!.name))!.toString().replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain(`List-Unsubscribe: <${url.href}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You have been unsubscribed.');
    const row = await subscriptionRow(email);
    expect(row.unsubscribed_at).not.toBeNull();
    expect(row.tracking_id).toBe('tk_1');
    // Clicking again still answers the page.
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);

    // Coming back: a new confirmation first; once confirmed, a new welcome with the same working link.
    await subscribe(email);
    await sendNewsletter(email);
    const back = (await mailsTo(email)).filter((m) => m.subject === confirmSubject);
    expect(back).toHaveLength(2);
    expect((await subscriptionRow(email)).unsubscribed_at).not.toBeNull();
    const fresh = back.map(confirmToken);
    expect((await confirm(fresh[0]!)).statusCode + (await confirm(fresh[1]!)).statusCode).toBe(600);
    expect((await mailsTo(email)).filter((m) => m.subject === 'Welcome to the LocalSaver newsletter')).toHaveLength(2);
    expect((await mailsTo(email)).filter((m) => m.subject === 'Zq local deals this week')).toHaveLength(0);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ detail: 'You have been unsubscribed. You will not receive our newsletter any more.' });
    const left = await subscriptionRow(email);
    expect(left.unsubscribed_at).not.toBeNull();
    expect(left.subscribe_count).toBe(2);
  });

  it('answers 404 for a link that is not ours, 400 for a bad address', async () => {
    for (const query of ['?token=' + 'a'.repeat(32), '', '?token=%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: `/auth/newsletter/unsubscribe/${query}` });
      expect(res.statusCode, query).toBe(404);
      expect(res.body).toContain('This unsubscribe link is not valid.');
    }
    const post404 = await t.app.inject({ method: 'POST', url: '/auth/newsletter/unsubscribe/?token=nope' });
    expect(post404.statusCode).toBe(404);
    expect(post404.json()).toEqual({ detail: 'This unsubscribe link is not valid.' });
    const bad = await subscribe('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('rate limit per client (LEAD_RATE_LIMIT_MAX, LEAD_RATE_LIMIT_WINDOW_SECONDS)', () => {
  it('counts the lead forms together and answers 429 with Retry-After', async () => {
    const limited = await createTestApp({ LEAD_RATE_LIMIT_MAX: '3', LEAD_RATE_LIMIT_WINDOW_SECONDS: '120' });
    try {
      const ip = randomClientIp();
      const send = (url: string, payload: object, from = ip) => limited.app.inject({ method: 'POST', url, payload, remoteAddress: from });
      const suggestion = { name: 'Zq Deli', city: 'Troy', state: 'MI' };
      // Invalid submissions do not count.
      expect((await send('/api/suggestmerchant/', {})).statusCode).toBe(400);
      expect((await send('/api/suggestmerchant/', suggestion)).statusCode).toBe(201);
      expect((await send('/auth/newsletter/', { email: 'rl@example.com' })).statusCode).toBe(201);
      expect((await send('/auth/mail_removal/', { streetAddress: '1 A St', aptOrUnitNumber: '1', city: 'Troy', state: 'MI', zipCode: '48083' })).statusCode).toBe(201);
      const blocked = await send('/api/suggestmerchant/', suggestion);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many submissions. Please wait a few minutes and try again.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(120);
      // Another client is not affected.
      expect((await send('/api/suggestmerchant/', suggestion, randomClientIp())).statusCode).toBe(201);
      const [count] = await limited.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM leads WHERE details->>'name' = 'Zq Deli'`);
      expect(count!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('CSV export for the sales team (npm run leads:export)', () => {
  async function csvOf(kind: ExportKind): Promise<string[]> {
    const chunks: Buffer[] = [];
    const out = new Writable({ write: (chunk, _enc, cb) => (chunks.push(Buffer.from(chunk)), cb()) });
    const count = await exportLeadsCsv(t.app.deps, kind, out);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(count + 1);
    return lines;
  }

  it('writes a header and one row per lead, fields in the order of the office mail', async () => {
    const sent = await post('/api/contractorapplication/', {
      company_name: '=HYPERLINK("http://evil")',
      first_name: 'Flo',
      last_name: 'Hill',
      email: 'flo@example.com',
      phone: '(612) 555-0177',
      city: 'Edina',
      state: 'MN',
      zip: '55424',
      years_in_business: 3,
      licensed: 'yes',
      insured: 'no',
      bonded: 'no',
      workers_comp: 'yes',
      slug_kitchen_bath: 'on',
      slug_outdoors: 'on',
    });
    expect(sent.statusCode).toBe(201);
    const lines = await csvOf('contractorapplication');
    expect(lines[0]).toBe('id,created_at,market,company_name,first_name,last_name,email,phone,address,city,state,zip,website,years_in_business,licensed,insured,bonded,workers_comp,project_slugs,comments,tracking_id');
    const row = lines.find((l) => l.startsWith(`${sent.json().id},`))!;
    expect(row).toContain(`,minneapolis,"'=HYPERLINK(""http://evil"")",Flo,Hill,flo@example.com,+16125550177,,Edina,MN,55424,,3,1,0,0,1,"kitchen-bath, outdoors",,`);
  });

  it('exports newsletter subscribers with their status: pending until confirmed', async () => {
    await post('/auth/newsletter/', { email: 'export-me@example.com' });
    const lines = await csvOf('newsletter');
    expect(lines[0]).toBe('id,email,status,subscribed_at,unsubscribed_at,subscribe_count,tracking_id');
    expect(lines.some((l) => /^\d+,export-me@example\.com,pending,/.test(l))).toBe(true);
  });

  it('keeps formulas out of spreadsheets but phone numbers as they are', () => {
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('-cmd')).toBe("'-cmd");
    expect(safeCell('+12485550100')).toBe('+12485550100');
    expect(safeCell('Joe')).toBe('Joe');
  });

  it('the command explains its arguments', () => {
    const cli = fileURLToPath(new URL('./lib/export-cli.ts', import.meta.url));
    const run = (...args: string[]) => spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', cli, ...args], { encoding: 'utf8' });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--kind <kind> [--out file]');
    const bad = run('--kind', 'everything');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--kind must be one of autolead, suggestmerchant');
  });
});

describe('error shapes (SPEC.md 8): malformed input never gets a 5xx', () => {
  const endpoints = ['/api/autolead/', '/api/suggestmerchant/', '/auth/newsletter/', '/auth/mail_removal/', '/auth/magazine_lead/', '/api/businesslead/', '/api/contractorapplication/', '/api/sweepstakes/'];
  const fields = ['offer_id', 'offer_type', 'first_name', 'firstName', 'last_name', 'email', 'phone', 'zip', 'name', 'city', 'state', 'kind', 'tracking_id', 'streetAddress', 'aptOrUnitNumber', 'zipCode', 'address', 'address2', 'business_name', 'interests', 'website', 'message', 'company_name', 'years_in_business', 'licensed', 'project_slugs', 'slug_roofing', 'firstname', 'lastname', 'magazinenum', 'address1', 'randomnum', 'entity_id'];
  const oddValues: unknown[] = [null, true, 0, -1, 1e308, [], [[]], {}, { $gt: '' }, 'x'.repeat(5000), '\u0000', '<script>alert(1)</script>', "' OR 1=1 --"];

  it('answers 4xx with field messages to every odd body on every lead call', async () => {
    for (const url of endpoints) {
      const bodies: unknown[] = [null, [], 'text', 42, ...oddValues.map((v) => Object.fromEntries(fields.map((f) => [f, v])))];
      for (const body of bodies) {
        const res = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' }, remoteAddress: randomClientIp() });
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        const answer = res.json() as Record<string, unknown>;
        expect(Object.values(answer).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((m) => typeof m === 'string')))).toBe(true);
      }
      const form = await t.app.inject({ method: 'POST', url, payload: 'a=1', headers: { 'content-type': 'text/plain' }, remoteAddress: randomClientIp() });
      expect(form.statusCode).toBeGreaterThanOrEqual(400);
      expect(form.statusCode).toBeLessThan(500);
    }
  });

  it('refuses text with NUL characters, which PostgreSQL cannot store', async () => {
    for (const [url, body] of [
      ['/api/suggestmerchant/', { name: 'Zq\u0000Deli', city: 'Troy', state: 'MI' }],
      ['/auth/newsletter/', { email: 'nul@example.com', tracking_id: 'a\u0000b' }],
      ['/auth/mail_removal/', { streetAddress: '1 A St', aptOrUnitNumber: '\u0000', city: 'Troy', state: 'MI', zipCode: '48083' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
    }
  });
});
