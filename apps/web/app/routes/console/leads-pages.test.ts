// @vitest-environment node
// The leads, members, mailbox and jobs pages' server side against a stubbed API: which calls go
// out, and what the page (or the download) gets back. Node's own Request, since a browser's
// (happy-dom's) drops the Cookie header.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { action as jobsAction } from './jobs.tsx';
import { action as leadAction, loader as leadLoader } from './lead.tsx';
import { loader as exportLoader } from './leads-export.ts';
import { loader as leadsLoader } from './leads.tsx';
import { loader as mailboxMessageLoader } from './mailbox-message.tsx';
import { loader as mailboxLoader } from './mailbox.tsx';
import { action as memberAction, loader as memberLoader } from './member.tsx';

const TOKEN = 'staff-token-0123456789abcdef';
const session = `console_session=${TOKEN}`;
type Args = Parameters<typeof leadAction>[0];
const args = (request: Request, context: unknown, params: Record<string, string> = {}) => ({ request, context, params, unstable_pattern: '' }) as unknown as Args;

const ADMIN = { id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin', role: 'admin', markets: null };
const SUPPORT = { id: 3, email: 'sam@example.com', first_name: 'Sam', last_name: 'Support', role: 'support', markets: ['detroit'] };
const LEAD = {
  id: 42,
  kind: 'contractorapplication',
  market: 'detroit',
  status: 'new',
  assigned_to: null,
  summary: { name: 'Jo Builder', email: 'jo@builder.example', phone: '+12485550100', company: 'Builder & Sons' },
  created_at: '2026-11-26T15:04:00Z',
  updated_at: '2026-11-26T15:04:00Z',
  version: 3,
};
const LEAD_DETAIL = { ...LEAD, details: { company_name: 'Builder & Sons', licensed: 1, project_slugs: ['roofing', 'siding'], email: 'jo@builder.example' }, tracking_id: null, notes: [] };

describe('/console/leads', () => {
  it('asks the API for the URL’s filters, order and page', async () => {
    const { context, calls } = consoleContext({ 'GET /api/console/leads/?q=builder&status=new&assigned_to=me&from=2026-11-01&sort=-updated_at&page=2': { body: { results: [LEAD], count: 26, page: 2, page_size: 25 } } });
    const { body } = await outcome(() => leadsLoader(args(pageRequest('/console/leads.data?q=builder&status=new&assigned_to=me&from=2026-11-01&to=&sort=-updated_at&page=2&_routes=x', { cookie: session }), context) as never));
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(body).toMatchObject({ count: 26, page: 2, rows: [{ id: 42, who: 'Jo Builder', contact: ['Builder & Sons', 'jo@builder.example', '+12485550100'], kind: 'Contractor application', market: 'Detroit', statusText: 'New', created: { text: 'Nov 26, 2026, 10:04 AM EST' } }] });
  });
});

describe('/console/leads/export.csv', () => {
  it("hands the API's CSV on as it arrives, with its type and file name, the same filters and no order or page", async () => {
    const encoder = new TextEncoder();
    let finish!: () => void;
    const later = new Promise<void>((resolve) => (finish = resolve));
    const csv = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('id,created_at,kind\r\n'));
        await later;
        controller.enqueue(encoder.encode('42,2026-11-26T15:04:00Z,contractorapplication\r\n'));
        controller.close();
      },
    });
    const { context, calls } = consoleContext({
      'GET /api/console/leads/export.csv?q=jo&kind=contractorapplication&market=detroit': {
        raw: csv,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="leads-2026-11-26.csv"', 'x-content-type-options': 'nosniff', 'x-internal': 'not passed on' },
      },
    });
    const res = (await exportLoader(args(pageRequest('/console/leads/export.csv?q=jo&kind=contractorapplication&market=detroit&sort=-created_at&page=3', { cookie: session }), context) as never)) as Response;
    expect(calls[0]).toMatchObject({ method: 'GET', stream: true, headers: { authorization: `Bearer ${TOKEN}`, cookie: '' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-26.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-internal')).toBeNull();
    // The header row reaches the browser before the API has written the rest: nothing is collected first.
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('id,created_at,kind\r\n');
    finish();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('42,2026-11-26T15:04:00Z,contractorapplication\r\n');
  });

  it('without a session, to sign-in and back to the download; a bad filter is the API’s message', async () => {
    const none = await outcome(() => exportLoader(args(pageRequest('/console/leads/export.csv?status=new'), consoleContext({}).context) as never));
    expect(none.location).toBe('/console/login?next=%2Fconsole%2Fleads%2Fexport.csv%3Fstatus%3Dnew');
    const { context } = consoleContext({ 'GET /api/console/leads/export.csv?from=yesterday': { status: 400, body: { from: ['Enter a date (YYYY-MM-DD) or a date and time.'] } } });
    const bad = await outcome(() => exportLoader(args(pageRequest('/console/leads/export.csv?from=yesterday', { cookie: session }), context) as never));
    expect(bad).toMatchObject({ status: 400, body: { message: 'Enter a date (YYYY-MM-DD) or a date and time.' } });
  });
});

describe('/console/leads/:id', () => {
  it('an admin gets the staff who work on the lead’s market to assign; support gets none', async () => {
    const staff = [
      { ...ADMIN, disabled: false, second_factor_enrolled: true, created_at: '2026-01-01T00:00:00Z' },
      { ...SUPPORT, disabled: false, second_factor_enrolled: true, created_at: '2026-01-01T00:00:00Z' },
      { ...SUPPORT, id: 4, email: 'chi@example.com', markets: ['chicago'], disabled: false, second_factor_enrolled: true, created_at: '2026-01-01T00:00:00Z' },
      { ...SUPPORT, id: 5, email: 'gone@example.com', disabled: true, second_factor_enrolled: true, created_at: '2026-01-01T00:00:00Z' },
    ];
    const admin = consoleContext({ 'GET /api/console/leads/42/': { body: LEAD_DETAIL }, 'GET /api/console/me/': { body: ADMIN }, 'GET /api/console/staff/': { body: { staff, invitations: [] } } });
    const { body } = await outcome(() => leadLoader(args(pageRequest('/console/leads/42', { cookie: session }), admin.context, { id: '42' }) as never));
    expect((body as { assignees: unknown }).assignees).toEqual([
      { id: 1, name: 'Ada Admin' },
      { id: 3, name: 'Sam Support' },
    ]);
    expect((body as { lead: { details: unknown } }).lead.details).toEqual([
      { key: 'company_name', label: 'Company name', value: 'Builder & Sons' },
      { key: 'email', label: 'Email', value: 'jo@builder.example' },
      { key: 'licensed', label: 'Licensed', value: 'Yes' },
      { key: 'project_slugs', label: 'Project slugs', value: 'roofing, siding' },
    ]);
    const support = consoleContext({ 'GET /api/console/leads/42/': { body: LEAD_DETAIL }, 'GET /api/console/me/': { body: SUPPORT } });
    const own = await outcome(() => leadLoader(args(pageRequest('/console/leads/42', { cookie: session }), support.context, { id: '42' }) as never));
    expect((own.body as { assignees: unknown }).assignees).toBeNull();
    expect(support.calls.map((c) => c.path)).not.toContain('/api/console/staff/');
  });

  it('a status change sends the version read; a 409 hands back their version beside yours', async () => {
    const theirs = { ...LEAD, status: 'spam', assigned_to: { id: 3, name: 'Sam Support' }, version: 4 };
    const { context, calls } = consoleContext({ 'PATCH /api/console/leads/42/': { status: 409, body: { detail: 'Someone else changed this lead since you opened it.', current: theirs } } });
    const result = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'status', version: '3', status: 'done' } }), context, { id: '42' })));
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: '/api/console/leads/42/', body: { version: 3, status: 'done' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      intent: 'status',
      ok: false,
      yours: { status: 'done' },
      failure: { ok: false, kind: 'conflict', status: 409, message: 'Someone else changed this lead since you opened it.', current: theirs },
      text: 'Someone else changed this lead since you opened it.',
    });
  });

  it('assign to me, unassign, and the API’s field message for an assignee it refuses', async () => {
    const { context, calls } = consoleContext({
      'PATCH /api/console/leads/42/': (call) =>
        (call.body as { assigned_to: unknown }).assigned_to === 9 ? { status: 400, body: { assigned_to: ['Choose a staff member who works on this market.'] } } : { body: { ...LEAD, assigned_to: (call.body as { assigned_to: number | null }).assigned_to ? { id: 3, name: 'Sam Support' } : null, version: 4 } },
    });
    const mine = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'assign', version: '3', assigned_to: '3' } }), context, { id: '42' })));
    expect(mine.body).toEqual({ intent: 'assign', ok: true, message: 'Assigned to Sam Support.' });
    const none = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'assign', version: '3', assigned_to: '' } }), context, { id: '42' })));
    expect(none.body).toEqual({ intent: 'assign', ok: true, message: 'Nobody is assigned now.' });
    expect(calls.map((c) => c.body)).toEqual([
      { version: 3, assigned_to: 3 },
      { version: 3, assigned_to: null },
    ]);
    const refused = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'assign', version: '3', assigned_to: '9' } }), context, { id: '42' })));
    expect(refused.body).toMatchObject({ ok: false, failure: { kind: 'invalid', fields: { assigned_to: ['Choose a staff member who works on this market.'] } } });
  });

  it('a note is checked with the API’s own schema first', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/leads/42/notes/': { status: 201, body: { id: 1, author: { id: 3, name: 'Sam Support' }, body: 'Called back.', created_at: '2026-11-26T16:00:00Z' } } });
    const empty = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'note', body: '   ' } }), context, { id: '42' })));
    expect(empty.body).toMatchObject({ intent: 'note', ok: false, fields: { body: ['This is required.'] } });
    expect(calls).toHaveLength(0);
    const added = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'note', body: ' Called back. ' } }), context, { id: '42' })));
    expect(added.body).toEqual({ intent: 'note', ok: true, message: 'Note added.' });
    expect(calls[0]!.body).toEqual({ body: 'Called back.' });
  });

  it('approving a contractor sends only the facts typed, and shows the merchant', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/leads/42/approve-contractor/': { body: { merchant_id: 77, location_id: null, created: true, lead: { ...LEAD, status: 'done', version: 4 } } } });
    const bad = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'approve', version: '3', licence_number: '', licence_expires_on: '', insurance_expires_on: '2026-02-30' } }), context, { id: '42' })));
    expect(bad.body).toMatchObject({ intent: 'approve', ok: false, fields: { insurance_expires_on: ['Enter a real date.'] } });
    expect(calls).toHaveLength(0);
    const ok = await outcome(() => leadAction(args(pageRequest('/console/leads/42', { cookie: session, form: { intent: 'approve', version: '3', licence_number: 'MI-123', licence_expires_on: '', insurance_expires_on: '2027-06-30' } }), context, { id: '42' })));
    expect(calls[0]!.body).toEqual({ version: 3, licence_number: 'MI-123', insurance_expires_on: '2027-06-30' });
    expect(ok.body).toEqual({ intent: 'approve', ok: true, merchantId: 77, created: true, locationId: null });
  });
});

describe('/console/members/:id', () => {
  const MEMBER = {
    id: 8,
    email: 'pat@example.com',
    first_name: 'Pat',
    last_name: 'Saver',
    email_verified: false,
    disabled: false,
    staff_role: null,
    created_at: '2026-07-04T12:00:00Z',
    state: 'MI',
    zip: '48201',
    birthday: null,
    promotions_agree: true,
    staff_markets: null,
    counts: { clips: 2, favorites: 1, prints: 5, offers_printed: 3, redemptions: 0, contest_entries: 1 },
  };

  it('shows the account with its newsletter status, and nothing secret', async () => {
    const { context } = consoleContext({
      'GET /api/console/members/8/': { body: MEMBER },
      'GET /api/console/me/': { body: SUPPORT },
      'GET /api/console/newsletter/?q=pat%40example.com': { body: { results: [{ email: 'pat@example.com', status: 'confirmed', subscribed_at: '2026-07-04T12:00:00Z', confirmed_at: '2026-07-04T12:05:00Z', unsubscribed_at: null }] } },
    });
    const { body } = await outcome(() => memberLoader(args(pageRequest('/console/members/8', { cookie: session }), context, { id: '8' }) as never));
    expect(body).toMatchObject({ canAct: true, member: { email: 'pat@example.com', verified: false, account: 'Member' }, newsletter: { status: 'Subscribed', since: 'Jul 4, 2026, 8:05 AM EDT' } });
    expect(JSON.stringify(body)).not.toMatch(/password|token|secret/i);
  });

  it('support cannot act on a staff account (the API would refuse)', async () => {
    const { context } = consoleContext({ 'GET /api/console/members/1/': { body: { ...MEMBER, id: 1, staff_role: 'admin', email: 'ada@example.com' } }, 'GET /api/console/me/': { body: SUPPORT }, 'GET /api/console/newsletter/?q=ada%40example.com': { body: { results: [] } } });
    const { body } = await outcome(() => memberLoader(args(pageRequest('/console/members/1', { cookie: session }), context, { id: '1' }) as never));
    expect(body).toMatchObject({ canAct: false, newsletter: null });
  });

  it('a deletion needs the address typed; done, back to the list', async () => {
    const { context, calls } = consoleContext({
      'POST /api/console/members/8/deletion/': (call) => ((call.body as { confirm_email: string }).confirm_email === 'pat@example.com' ? { body: { detail: 'The account was deleted.' } } : { status: 400, body: { confirm_email: ["This is not the account's e-mail address."] } }),
    });
    const missing = await outcome(() => memberAction(args(pageRequest('/console/members/8', { cookie: session, form: { intent: 'delete', confirm_email: '' } }), context, { id: '8' }) as never));
    expect(missing.body).toMatchObject({ ok: false, fields: { confirm_email: ['This is required.'] } });
    const wrong = await outcome(() => memberAction(args(pageRequest('/console/members/8', { cookie: session, form: { intent: 'delete', confirm_email: 'pat@example.org' } }), context, { id: '8' }) as never));
    expect(wrong.body).toMatchObject({ ok: false, fields: { confirm_email: ["This is not the account's e-mail address."] }, typed: 'pat@example.org' });
    const done = await outcome(() => memberAction(args(pageRequest('/console/members/8', { cookie: session, form: { intent: 'delete', confirm_email: 'pat@example.com' } }), context, { id: '8' }) as never));
    expect(done.location).toBe('/console/members?deleted=1');
    expect(calls).toHaveLength(2);
  });
});

describe('/console/mailbox', () => {
  it('in SMTP mode (the API’s 404) says there is no local mailbox', async () => {
    const { context } = consoleContext({ 'GET /api/console/mailbox/': { status: 404, body: { detail: 'The local mailbox is only kept in embedded mode.' } }, 'GET /api/console/mailbox/20261126-abc/': { status: 404, body: { detail: 'The local mailbox is only kept in embedded mode.' } } });
    expect((await outcome(() => mailboxLoader(args(pageRequest('/console/mailbox', { cookie: session }), context) as never))).body).toEqual({ smtp: true, mails: [] });
    expect((await outcome(() => mailboxMessageLoader(args(pageRequest('/console/mailbox/20261126-abc', { cookie: session }), context, { id: '20261126-abc' }) as never))).body).toEqual({ smtp: true, mail: null });
  });

  it('a mail’s HTML goes to the frame behind a policy that runs nothing and loads nothing', async () => {
    const html = '<html><body><h1>Welcome</h1><script>alert(1)</script><img src="https://tracker.example/p.gif"></body></html>';
    const { context } = consoleContext({ 'GET /api/console/mailbox/20261126-abc/': { body: { id: '20261126-abc', to: 'pat@example.com', subject: 'Welcome', date: '2026-11-26T15:04:00Z', from: 'LocalSaver <hello@localsaver.example>', kind: 'welcome', text: 'Welcome', html } } });
    const { body } = await outcome(() => mailboxMessageLoader(args(pageRequest('/console/mailbox/20261126-abc', { cookie: session }), context, { id: '20261126-abc' }) as never));
    const frame = (body as { mail: { frame: string } }).mail.frame;
    expect(frame.startsWith(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`)).toBe(true);
    expect(frame.endsWith(html)).toBe(true);
  });
});

describe('/console/jobs', () => {
  it('Run now: a run still going (409) is said plainly', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/jobs/mail-queue/runs/': { status: 409, body: { detail: 'This job is running.', current: null } } });
    const result = await outcome(() => jobsAction(args(pageRequest('/console/jobs', { cookie: session, form: { name: 'mail-queue' } }), context) as never));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/console/jobs/mail-queue/runs/' });
    expect(result.body).toEqual({ name: 'mail-queue', ok: false, message: 'A run of this job is still going. Wait for it to finish, then try again.' });
  });

  it('Run now of a mail job: the run goes on in the background', async () => {
    const run = { id: 7, started_at: '2026-11-26T10:00:00.000Z', finished_at: null, status: 'running', detail: null, triggered_by: 1, sent: 0, skipped: 0, failed: 0, heartbeat_at: null };
    const { context } = consoleContext({ 'POST /api/console/jobs/weekly-digest/runs/': { status: 201, body: run } });
    const result = await outcome(() => jobsAction(args(pageRequest('/console/jobs', { cookie: session, form: { name: 'weekly-digest' } }), context) as never));
    expect(result.body).toEqual({ name: 'weekly-digest', ok: true, message: 'Run started: reload the page to follow its progress.' });
  });
});
