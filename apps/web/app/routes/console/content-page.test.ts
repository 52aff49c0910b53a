// @vitest-environment node
// /console/content's spotlight section: the spotlight pros of each of the staff member's markets,
// a name search for pros to add, and the toggle posted to the API.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { action, loader } from './content.tsx';

const session = 'console_session=staff-token-0123456789abcdef';
type Args = Parameters<typeof loader>[0];
const args = (request: Request, context: unknown) => ({ request, context, params: {}, unstable_pattern: '' }) as unknown as Args;

const pro = (id: number, name: string, extra: Record<string, unknown> = {}) => ({ id, name, slug: `p-${id}`, logo_url: null, is_certified: true, is_spotlight: true, home_pro: true, location_count: 1, cities: ['Detroit'], markets: ['detroit'], ...extra });
const page = (market: string, results: unknown[]) => ({ market, markets: [{ market_id: 'detroit', spotlight_count: 1 }, { market_id: 'chicago', spotlight_count: 0 }], results, count: results.length, page: 1, page_size: 100 });
const CALLOUTS = { results: [], count: 0, page: 1, page_size: 25 };
const SETTINGS = { use_default_callouts: false, number_of_default_callouts_to_use: 3, randomize_callout_order: false };

describe('/console/content spotlight pros', () => {
  it('groups the spotlight pros by the staff member\'s markets, and finds pros to add by name in one market', async () => {
    const { context, calls } = consoleContext({
      'GET /api/console/callouts/': { body: CALLOUTS },
      'GET /api/console/callout-settings/': { body: SETTINGS },
      'GET /api/console/spotlight/?spotlight=1&page_size=100': { body: page('detroit', [pro(1, 'Motor City Roofing')]) },
      'GET /api/console/spotlight/?spotlight=1&page_size=100&market=chicago': { body: page('chicago', []) },
      'GET /api/console/spotlight/?spotlight=0&market=chicago&q=lake&page_size=10': { body: page('chicago', [pro(2, 'Lakeshore Plumbing', { is_spotlight: false, cities: ['Evanston'], markets: ['chicago'] })]) },
    });
    const loaded = await outcome(() => loader(args(pageRequest('/console/content?spot_market=chicago&spot_q=lake', { cookie: session }), context)));
    expect(loaded.body).toMatchObject({
      spotlight: {
        groups: [
          { market: 'detroit', count: 1, pros: [{ id: 1, name: 'Motor City Roofing' }] },
          { market: 'chicago', count: 0, pros: [] },
        ],
        spotMarket: 'chicago',
        spotQ: 'lake',
        candidates: [{ id: 2, is_spotlight: false }],
      },
    });
    expect(calls.map((c) => c.path)).toContain('/api/console/spotlight/?spotlight=0&market=chicago&q=lake&page_size=10');
  });

  it('a market the staff member does not work on falls back to their first; no name, no search', async () => {
    const { context, calls } = consoleContext({
      'GET /api/console/callouts/': { body: CALLOUTS },
      'GET /api/console/callout-settings/': { body: SETTINGS },
      'GET /api/console/spotlight/?spotlight=1&page_size=100': { body: page('detroit', []) },
      'GET /api/console/spotlight/?spotlight=1&page_size=100&market=chicago': { body: page('chicago', []) },
    });
    const loaded = await outcome(() => loader(args(pageRequest('/console/content?spot_market=florida', { cookie: session }), context)));
    expect(loaded.body).toMatchObject({ spotlight: { spotMarket: 'detroit', candidates: null } });
    expect(calls.filter((c) => c.path.includes('spotlight=0'))).toEqual([]);
  });

  it('puts a pro in (or out of) the spotlight through the API, and says where savers see it', async () => {
    const { context, calls } = consoleContext({
      'PUT /api/console/merchants/2/spotlight/': { body: { id: 2, name: 'Lakeshore Plumbing', is_spotlight: true, markets: ['chicago', 'minneapolis'] } },
      'PUT /api/console/merchants/3/spotlight/': { status: 403, body: { detail: 'This belongs to a market you do not work on.' } },
    });
    const on = await outcome(() => action(args(pageRequest('/console/content', { cookie: session, form: { intent: 'spotlight', merchant_id: '2', is_spotlight: 'true' } }), context) as never));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { is_spotlight: true } });
    expect(on.body).toEqual({ intent: 'spotlight', ok: true, message: 'Lakeshore Plumbing is now in the spotlight (Chicago, Twin Cities). Savers see it at once.', fields: {} });
    const refused = await outcome(() => action(args(pageRequest('/console/content', { cookie: session, form: { intent: 'spotlight', merchant_id: '3', is_spotlight: 'false' } }), context) as never));
    // A pro of another market: the console's 403 page, as for every refused record.
    expect(refused).toMatchObject({ status: 403, body: { message: 'You do not have access to this.' } });
    const noId = await outcome(() => action(args(pageRequest('/console/content', { cookie: session, form: { intent: 'spotlight', merchant_id: 'x' } }), context) as never));
    expect(noId.body).toMatchObject({ ok: false, message: 'Choose a pro.' });
  });
});
