// @vitest-environment node
// The contest, content, dashboard, audit and staff pages' server side against a stubbed API: what
// goes out, and what the page gets back (409 with both versions, field errors before any call,
// the API's own messages). Node's own Request, since happy-dom's drops the Cookie header.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome } from '../../test/console-stub.ts';
import { conflictDifferences } from '../../components/console/conflict-notice.tsx';
import { action as contestAction, loader as contestLoader, CONTEST_CONFLICT_FIELDS } from './contest.tsx';
import { action as calloutAction } from './callout.tsx';
import { loader as dashboardLoader } from './dashboard.tsx';
import { auditQuery, loader as auditLoader } from './audit.tsx';
import { action as staffMemberAction } from './staff-member.tsx';
import { action as staffAction } from './staff.tsx';

const COOKIE = 'console_session=staff-token-0123456789abcdef';
type Args = Parameters<typeof contestAction>[0];
const args = (request: Request, context: unknown, params: Record<string, string> = {}) => ({ request, context, params, unstable_pattern: '' }) as unknown as Args;

function post(path: string, entries: Array<[string, string]>): Request {
  return new Request(`http://localhost${path}`, { method: 'POST', headers: { cookie: COOKIE }, body: new URLSearchParams(entries) });
}
function get(path: string): Request {
  return new Request(`http://localhost${path}`, { headers: { cookie: COOKIE } });
}

const CONTEST = {
  id: 7,
  slug: 'cafe-giveaway',
  display_name: 'Cafe Giveaway',
  description: '<p>Win coffee.</p>',
  rules: '<p>One entry a day.</p>',
  prize: 'A year of coffee',
  starts_at: '2026-11-01',
  ends_at: '2026-11-30',
  status: 'running',
  is_active: true,
  sweepstakes_numbers: ['1234'],
  merchant_id: null,
  win_save_contest_link: null,
  picture_path: null,
  banner_path: null,
  markets: [{ market_id: 'detroit', is_featured: true, entity_ids: [41] }],
  entry_count: 12,
  version: 3,
  created_at: '2026-10-01T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

const CONTEST_FORM: Array<[string, string]> = [
  ['intent', 'save'],
  ['version', '3'],
  ['display_name', 'Cafe Giveaway (my title)'],
  ['prize', 'A year of coffee'],
  ['starts_at', '2026-11-01'],
  ['ends_at', '2026-11-30'],
  ['description', '<p>Win coffee.</p>'],
  ['rules', '<p>One entry a day.</p>'],
  ['sweepstakes_numbers', '1234\n5678'],
  ['market', 'detroit'],
  ['featured', 'detroit'],
  ['market', 'chicago'],
  ['is_active', 'on'],
];

describe('/console/contests/:id', () => {
  it('sends the fields with the version read, and a 409 answers both versions', async () => {
    const theirs = { ...CONTEST, display_name: 'Cafe Giveaway (their title)', prize: 'Two years of coffee', version: 4 };
    const { context, calls } = consoleContext({ 'PATCH /api/console/contests/7/': { status: 409, body: { detail: 'Someone else changed this contest since you opened it.', current: theirs } } });
    const result = await outcome(() => contestAction(args(post('/console/contests/7', CONTEST_FORM), context, { id: '7' })));
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/console/contests/7/',
      headers: { authorization: 'Bearer staff-token-0123456789abcdef' },
      body: {
        version: 3,
        display_name: 'Cafe Giveaway (my title)',
        sweepstakes_numbers: ['1234', '5678'],
        markets: [
          { market_id: 'detroit', is_featured: true },
          { market_id: 'chicago', is_featured: false },
        ],
        is_active: true,
      },
    });
    expect(result.status).toBe(200);
    const body = result.body as { intent: string; ok: boolean; conflict: { message: string; current: Record<string, unknown> }; values: Record<string, unknown> };
    expect(body).toMatchObject({ intent: 'save', ok: false, conflict: { message: 'Someone else changed this contest since you opened it.', current: { version: 4 } } });
    // What the ConflictNotice shows: each differing field, theirs beside yours.
    const differences = conflictDifferences(CONTEST_CONFLICT_FIELDS, body.conflict.current, body.values).map((d) => [d.field.label, d.theirs, d.yours]);
    expect(differences).toEqual([
      ['Name', 'Cafe Giveaway (their title)', 'Cafe Giveaway (my title)'],
      ['Prize', 'Two years of coffee', 'A year of coffee'],
      ['Markets', 'Detroit (featured)', 'Detroit (featured), Chicago'],
      ['Winning numbers', '1234', '1234, 5678'],
    ]);
  });

  it("checks the form with the domain's schema before calling the API", async () => {
    const { context, calls } = consoleContext({});
    const form = CONTEST_FORM.map(([k, v]): [string, string] => (k === 'ends_at' ? [k, '2026-10-01'] : k === 'prize' ? [k, ''] : [k, v]));
    const result = await outcome(() => contestAction(args(post('/console/contests/7', form), context, { id: '7' })));
    expect(calls).toHaveLength(0);
    expect(result.body).toMatchObject({ ok: false, fields: { prize: ['This is required'] } });
  });

  it('a draw is reviewed first, then run with the same figures', async () => {
    const drawn = { id: 1, contest_id: 7, drawn_at: '2026-12-02T15:00:00.000Z', seed: 42, method: 'seeded-shuffle-v1', entrants: 12, eligible_entries: 12, winners_requested: 2, winners_selected: 2, entry_ids: [1, 2], ran_by: 1, winners: [] };
    const { context, calls } = consoleContext({ 'POST /api/console/contests/7/draws/': { status: 201, body: drawn } });
    const review = await outcome(() =>
      contestAction(
        args(
          post('/console/contests/7', [
            ['intent', 'draw-review'],
            ['winners', '2'],
            ['seed', '42'],
          ]),
          context,
          { id: '7' },
        ),
      ),
    );
    expect(review.body).toEqual({ intent: 'draw-review', ok: true, winners: 2, seed: 42 });
    expect(calls).toHaveLength(0);
    const done = await outcome(() =>
      contestAction(
        args(
          post('/console/contests/7', [
            ['intent', 'draw-confirm'],
            ['winners', '2'],
            ['seed', '42'],
          ]),
          context,
          { id: '7' },
        ),
      ),
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/console/contests/7/draws/', body: { winners: 2, seed: 42 } });
    expect(done.body).toEqual({ intent: 'draw', ok: true, winners: 2, seed: 42 });
  });

  it("a refused draw shows the API's reason", async () => {
    const { context } = consoleContext({ 'POST /api/console/contests/7/draws/': { status: 400, body: { detail: ['This contest has not ended yet.'] } } });
    const result = await outcome(() => contestAction(args(post('/console/contests/7', [['intent', 'draw-confirm'], ['winners', '1']]), context, { id: '7' })));
    expect(result.body).toMatchObject({ intent: 'draw', ok: false, message: 'This contest has not ended yet.' });
  });

  it('loads the contest with its draws, times in Detroit', async () => {
    const draw = { id: 1, contest_id: 7, drawn_at: '2026-12-02T15:00:00.000Z', seed: 42, method: 'seeded-shuffle-v1', entrants: 12, eligible_entries: 11, winners_requested: 1, winners_selected: 1, entry_ids: [3], ran_by: 1, winners: [] };
    const { context } = consoleContext({ 'GET /api/console/contests/7/': { body: { ...CONTEST, draws: [draw] } } });
    const result = await outcome(() => contestLoader(args(get('/console/contests/7'), context, { id: '7' }) as never));
    expect(result.body).toMatchObject({ contest: { id: 7, version: 3 }, draws: [{ seed: 42, drawn_at_text: 'Dec 2, 2026, 10:00 AM EST' }] });
  });
});

describe('/console/content/callouts/:id', () => {
  it('delete asks first, then deletes and goes back to the list', async () => {
    const { context, calls } = consoleContext({ 'DELETE /api/console/callouts/5/': { status: 204 } });
    const review = await outcome(() => calloutAction(args(post('/console/content/callouts/5', [['intent', 'delete-review']]), context, { id: '5' }) as never));
    expect(review.body).toEqual({ intent: 'delete-review' });
    expect(calls).toHaveLength(0);
    const done = await outcome(() => calloutAction(args(post('/console/content/callouts/5', [['intent', 'delete-confirm']]), context, { id: '5' }) as never));
    expect(done.location).toBe('/console/content?deleted=1');
  });
});

describe('/console/staff/:id', () => {
  const CHANGE: Array<[string, string]> = [
    ['intent', 'update'],
    ['role', 'support'],
    ['markets', 'detroit'],
  ];

  it('a change needs your password: refused before any call without it', async () => {
    const { context, calls } = consoleContext({});
    const result = await outcome(() => staffMemberAction(args(post('/console/staff/9', [...CHANGE, ['current_password', '']]), context, { id: '9' }) as never));
    expect(calls).toHaveLength(0);
    expect(result.body).toMatchObject({ intent: 'update', ok: false, fields: { current_password: ['This is required'] } });
  });

  it("a wrong password: the API's message beside the field", async () => {
    const { context, calls } = consoleContext({ 'PATCH /api/console/staff/9/': { status: 400, body: { current_password: ['Your password is incorrect.'] } } });
    const result = await outcome(() => staffMemberAction(args(post('/console/staff/9', [...CHANGE, ['current_password', 'not-my-password']]), context, { id: '9' }) as never));
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { current_password: 'not-my-password', role: 'support', markets: ['detroit'], disabled: false, reset_second_factor: false } });
    expect(result.body).toMatchObject({ ok: false, fields: { current_password: ['Your password is incorrect.'] }, values: { role: 'support', markets: ['detroit'] } });
  });

  it('ends every session of the account', async () => {
    const { context, calls } = consoleContext({ 'DELETE /api/console/accounts/9/sessions/': { status: 204 } });
    const result = await outcome(() => staffMemberAction(args(post('/console/staff/9', [['intent', 'end-sessions']]), context, { id: '9' }) as never));
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/console/accounts/9/sessions/' });
    expect(result.body).toMatchObject({ intent: 'end-sessions', ok: true });
  });

  it('an invitation: every market when none is ticked', async () => {
    const { context, calls } = consoleContext({
      'POST /api/console/staff/invitations/': { status: 201, body: { id: 3, email: 'new@example.com', role: 'editor', markets: null, created_at: '2026-11-26T10:00:00.000Z', expires_at: '2026-11-29T10:00:00.000Z', accepted_at: null } },
    });
    const result = await outcome(() => staffAction(args(post('/console/staff', [['email', 'new@example.com'], ['role', 'editor']]), context) as never));
    expect(calls[0]!.body).toEqual({ email: 'new@example.com', role: 'editor', markets: null });
    expect(result.body).toMatchObject({ ok: true });
  });
});

describe('/console/ (dashboard)', () => {
  it("asks for the chosen market's figures", async () => {
    const figures = { markets: ['detroit'], from: '2026-10-28', to: '2026-11-26', today: { offers_live: 120, impressions: 3400, prints: 56, redemptions: 7, new_members: 9, new_leads: 4 }, series: { impressions: [], prints: [], redemptions: [], new_members: [], new_leads: {} } };
    const { context, calls } = consoleContext({ 'GET /api/console/dashboard/?market=detroit': { body: figures } });
    const result = await outcome(() => dashboardLoader(args(get('/console/_.data?market=detroit&_routes=x'), context) as never));
    expect(calls[0]!.path).toBe('/api/console/dashboard/?market=detroit');
    expect(result.body).toEqual({ figures, market: 'detroit' });
  });
});

describe('/console/audit', () => {
  it('passes the filters on, the last day included (to is exclusive in the API), days in Detroit', () => {
    expect(auditQuery(new URL('http://localhost/console/audit?q=ada&action=contest.update&entity=contest&entity_id=7&from=2026-11-01&to=2026-11-03&page=2'))).toBe(
      '?q=ada&page=2&action=contest.update&entity=contest&entity_id=7&from=2026-11-01T00%3A00%3A00-04%3A00&to=2026-11-04T00%3A00%3A00-05%3A00',
    );
    expect(auditQuery(new URL('http://localhost/console/audit?action=%3Cscript%3E&from=yesterday'))).toBe('');
  });

  it('each entry carries its field-by-field differences', async () => {
    const entry = { id: 1, at: '2026-11-20T15:00:00.000Z', actor_id: 1, actor_email: 'ada@example.com', action: 'contest.update', entity: 'contest', entity_id: '7', market_id: null, before: { prize: 'A', version: 1 }, after: { prize: 'B', version: 2 }, ip: '127.0.0.1' };
    const { context } = consoleContext({ 'GET /api/console/audit/': { body: { results: [entry], count: 1, page: 1, page_size: 25 } } });
    const result = await outcome(() => auditLoader(args(get('/console/audit'), context) as never));
    expect((result.body as { results: Array<{ diff: unknown }> }).results[0]!.diff).toEqual([
      { field: 'prize', before: 'A', after: 'B', changed: true, block: false },
      { field: 'version', before: '1', after: '2', changed: true, block: false },
    ]);
  });
});
