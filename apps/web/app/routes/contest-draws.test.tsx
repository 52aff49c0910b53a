import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicDrawRecordOut } from '@market/domain/api/console-contests';
import { webRequestContext } from '../lib/server/request-context.ts';
import ContestDraws, { loader } from './contest-draws.tsx';

const CONTEST = { id: 8, slug: 'win-season-passes', display_name: 'Win Season Passes to the Water Park', starts_at: '2026-01-01', ends_at: '2026-02-15' };

const DRAWN: PublicDrawRecordOut = {
  contest: CONTEST,
  entry_count: 1234,
  draws: [
    {
      // 20:05 UTC in February: 3:05 PM in Detroit (EST).
      drawn_at: '2026-02-17T20:05:00.000Z',
      seed: 281474976710655,
      method: 'seeded-shuffle-v1',
      entrants: 1234,
      eligible_entries: 1230,
      winners: [
        { first_name: 'jane', last_initial: 'D', city: 'ST. CLAIR SHORES', state: 'mi' },
        { first_name: 'Bob', last_initial: 'S', city: 'Orlando', state: 'FL' },
      ],
    },
  ],
};

/** The API's answers by path, through the request context the loaders read. */
function contextAnswering(answers: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  context.set(webRequestContext, {
    nonce: '',
    publicUrl: 'http://localhost',
    secureCookies: false,
    api: async (path) => {
      calls.push(path);
      const answer = answers[path] ?? { status: 404, body: { detail: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { context, calls };
}

function renderDraws(path: string, answers: Record<string, { status: number; body: unknown }>) {
  const { context, calls } = contextAnswering(answers);
  const Stub = createRoutesStub([{ path: '/contests/:entityId/draws', Component: ContestDraws, loader: loader as never }], context);
  render(<Stub initialEntries={[path]} />);
  return calls;
}

/** The status of what a loader threw: data('Not Found', { status: 404 }) becomes the 404 page. */
const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } } | null)?.init?.status;

async function loaderError(entityId: string, answers: Record<string, { status: number; body: unknown }> = {}) {
  const { context, calls } = contextAnswering(answers);
  const request = new Request(`http://localhost/contests/${entityId}/draws`);
  const error = await loader({ params: { entityId }, context, request } as never).then(
    () => null,
    (e: unknown) => e,
  );
  return { error, calls };
}

describe('the public draw record', () => {
  it('shows the entry count, each draw with its time in Detroit, counts, seed and method, and the winners', async () => {
    const calls = renderDraws('/contests/12/draws', { '/api/contests/12/draws/': { status: 200, body: DRAWN } });
    expect(await screen.findByRole('heading', { level: 1, name: CONTEST.display_name })).toBeTruthy();
    expect(calls).toEqual(['/api/contests/12/draws/']);
    expect(screen.getByText('1,234 entries')).toBeTruthy();
    const draw = within(screen.getByRole('region', { name: 'The draw of 02/17/2026' }));
    expect(draw.getByText('02/17/2026 at 3:05 PM EST').closest('time')?.getAttribute('dateTime')).toBe('2026-02-17T20:05:00.000Z');
    expect(draw.getByText('1,230')).toBeTruthy();
    // The seed exactly as recorded (no digit grouping): it is what reproduces the draw.
    expect(draw.getByText('281474976710655', { selector: 'code' })).toBeTruthy();
    expect(draw.getByText('seeded-shuffle-v1', { selector: 'code' })).toBeTruthy();
    const rows = within(draw.getByRole('table')).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Drawn', 'Name', 'City', 'State'],
      ['1st', 'Jane D.', 'St. Clair Shores', 'MI'],
      ['2nd', 'Bob S.', 'Orlando', 'FL'],
    ]);
    // The method in plain words, once for the page.
    const method = within(screen.getByRole('region', { name: 'How the winners were drawn' }));
    expect(method.getByText(/lined up in the order they were made/)).toBeTruthy();
    expect(method.getByText(/contest-draw:8:/)).toBeTruthy();
  });

  it('says when the draw will take place while there is none', async () => {
    renderDraws('/contests/12/draws', { '/api/contests/12/draws/': { status: 200, body: { contest: CONTEST, entry_count: 1, draws: [] } } });
    expect(await screen.findByText('No draw has been made yet. The draw takes place after the contest ends on 02/15/2026.')).toBeTruthy();
    expect(screen.getByText('1 entry')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'How the winners were drawn' })).toBeNull();
  });

  it('is the 404 page for an unknown contest or an address that is no id, without asking the API for the latter', async () => {
    const unknown = await loaderError('999');
    expect(statusOf(unknown.error)).toBe(404);
    expect(unknown.calls).toEqual(['/api/contests/999/draws/']);
    const junk = await loaderError('12abc');
    expect(statusOf(junk.error)).toBe(404);
    expect(junk.calls).toEqual([]);
  });
});
