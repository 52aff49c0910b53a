// /console/content: the home-page callouts (GET /api/console/callouts/: search, default set or
// regular, state; sorted by order), the three callout settings (PUT
// /api/console/callout-settings/, SPEC.md 7: use the default set, how many, random order), and the
// spotlight pros of each of the staff member's markets (GET /api/console/spotlight/), each taken
// out or, found by name, put in (PUT /api/console/merchants/{id}/spotlight/). The spotlight
// params are spot_*, apart from the callout table's.
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/content';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable } from '../../components/console/data-table.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { dayText } from '../../lib/console/contest-format.ts';
import { failureText } from '../../lib/console/form-values.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { checkBody, formCheck, formNumber, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { marketName } from '../../lib/console/contest-format.ts';
import { CalloutSettingsOut, ConsoleCalloutPageOut, MerchantSpotlightOut, SpotlightPageOut, type ConsoleCalloutOut, type SpotlightProOut } from '@market/domain/api/console-content';
import { US_STATES } from '@market/domain/markets';
import { calloutSettingsSchema } from '@market/domain/validation/console-content';

/** How many spotlight pros of a market the page lists (a market has a dozen or so). */
const SPOTLIGHT_SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const url = consolePageUrl(request);
  const [callouts, settings, first] = await Promise.all([
    api.get(`/api/console/callouts/${listQuery(url, ['is_default', 'state'])}`, ConsoleCalloutPageOut),
    api.get('/api/console/callout-settings/', CalloutSettingsOut),
    api.get(`/api/console/spotlight/?spotlight=1&page_size=${SPOTLIGHT_SHOWN}`, SpotlightPageOut),
  ]);
  // One group a market of the staff member's, spotlight pros only.
  const groups = await Promise.all(
    first.markets.map(async (m) => {
      const page = m.market_id === first.market ? first : await api.get(`/api/console/spotlight/?spotlight=1&page_size=${SPOTLIGHT_SHOWN}&market=${m.market_id}`, SpotlightPageOut);
      return { market: m.market_id, count: m.spotlight_count, pros: page.results };
    }),
  );
  // "Put a pro in the spotlight": pros of one market not in it yet, found by name.
  const spotQ = url.searchParams.get('spot_q')?.trim() ?? '';
  const askedMarket = url.searchParams.get('spot_market') ?? '';
  const spotMarket = groups.some((g) => g.market === askedMarket) ? askedMarket : (groups[0]?.market ?? '');
  const candidates = spotQ && spotMarket ? (await api.get(`/api/console/spotlight/?${new URLSearchParams({ spotlight: '0', market: spotMarket, q: spotQ.slice(0, 200), page_size: '10' })}`, SpotlightPageOut)).results : null;
  return { callouts, settings, deleted: url.searchParams.has('deleted'), spotlight: { groups, spotQ, spotMarket, candidates } };
}

type ActionData = { intent: 'settings' | 'spotlight'; ok: boolean; message: string | null; fields: FieldErrors };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionData> {
  const form = await request.formData();
  if (form.get('intent') === 'spotlight') return spotlightAction(context, request, form);
  return { intent: 'settings', ...(await settingsAction(context, request, form)) };
}

async function spotlightAction(context: Route.ActionArgs['context'], request: Request, form: FormData): Promise<ActionData> {
  const id = Number(form.get('merchant_id'));
  if (!Number.isSafeInteger(id) || id < 1) return { intent: 'spotlight', ok: false, message: 'Choose a pro.', fields: {} };
  const on = form.get('is_spotlight') === 'true';
  const saved = await consoleApi(context, request).send('PUT', `/api/console/merchants/${id}/spotlight/`, { is_spotlight: on }, MerchantSpotlightOut);
  if (!saved.ok) return { intent: 'spotlight', ok: false, message: failureText(saved), fields: {} };
  const where = saved.data.markets.map(marketName).join(', ');
  return { intent: 'spotlight', ok: true, message: `${saved.data.name} is ${on ? 'now in' : 'no longer in'} the spotlight${where ? ` (${where})` : ''}. Savers see it at once.`, fields: {} };
}

async function settingsAction(context: Route.ActionArgs['context'], request: Request, form: FormData): Promise<Omit<ActionData, 'intent'>> {
  const checked = checkBody(calloutSettingsSchema, {
    use_default_callouts: formCheck(form, 'use_default_callouts'),
    number_of_default_callouts_to_use: formNumber(form, 'number_of_default_callouts_to_use'),
    randomize_callout_order: formCheck(form, 'randomize_callout_order'),
  });
  if (!checked.ok) return { ok: false, message: null, fields: checked.fields };
  const saved = await consoleApi(context, request).send('PUT', '/api/console/callout-settings/', checked.body, CalloutSettingsOut);
  if (!saved.ok) return { ok: false, message: saved.kind === 'invalid' ? saved.message : failureText(saved), fields: saved.kind === 'invalid' ? saved.fields : {} };
  return { ok: true, message: 'The callout settings are saved. The home page follows them at once.', fields: {} };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function shownDays(c: ConsoleCalloutOut): string {
  if (!c.starts_on && !c.ends_on) return 'Always';
  if (!c.ends_on) return `From ${dayText(c.starts_on)}`;
  if (!c.starts_on) return `Until ${dayText(c.ends_on)}`;
  return `${dayText(c.starts_on)} – ${dayText(c.ends_on)}`;
}

const col = consoleColumns<ConsoleCalloutOut>();
const columns = [
  col.accessor('alternative_text', { header: 'Callout' }),
  col.accessor('image_url', { header: 'Image', cell: (info) => <img src={info.getValue()} alt="" className="console-thumb" loading="lazy" /> }),
  col.accessor('link', { header: 'Link', cell: (info) => <span className="console-break">{info.getValue()}</span> }),
  col.accessor((c) => (c.show_for_all_states ? 'Every state' : c.states.join(', ') || 'None'), { id: 'states', header: 'States' }),
  col.accessor('order', { header: 'Order', enableSorting: true }),
  col.accessor(shownDays, { id: 'days', header: 'Shown' }),
  col.accessor('is_default', { header: 'Set', cell: (info) => (info.getValue() ? 'Default' : 'Regular') }),
];

const filters = [
  {
    name: 'is_default',
    label: 'Set',
    options: [
      { value: '', label: 'Every callout' },
      { value: '0', label: 'Regular callouts' },
      { value: '1', label: 'Default set' },
    ],
  },
  { name: 'state', label: 'Shown in', options: [{ value: '', label: 'Any state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))] },
];

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { callouts, settings, deleted, spotlight } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const settingsResult = actionData?.intent === 'settings' ? actionData : null;
  const fields = settingsResult?.fields ?? {};
  return (
    <>
      <title>Content · Staff console</title>
      <div className="console-page-head">
        <h1>Callouts</h1>
        <Link to="/console/content/callouts/new" className="console-btn">
          New callout
        </Link>
      </div>
      {deleted ? <FormMessage tone="success" message="The callout is deleted." /> : null}
      <p className="console-muted">The image callouts of the home page, by state. The default set shows instead when the settings below say so.</p>
      <DataTable
        caption="Callouts"
        columns={columns}
        rows={callouts.results}
        count={callouts.count}
        page={callouts.page}
        pageSize={callouts.page_size}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/console/content/callouts/${row.id}`}
        search={{ label: 'Search callouts', placeholder: 'Alternative text, link or image' }}
        filters={filters}
        empty="No callout matches."
      />

      <h2 id="callout-settings">Callout settings</h2>
      <Form method="post" className="console-form console-panel console-narrow" aria-labelledby="callout-settings">
        {settingsResult ? <FormMessage tone={settingsResult.ok ? 'success' : 'error'} message={settingsResult.message ?? (settingsResult.ok ? null : 'Check the highlighted fields and try again.')} /> : null}
        <label className="console-check">
          <input type="checkbox" name="use_default_callouts" defaultChecked={settings.use_default_callouts} />
          <span>Show the default callouts instead of the regular ones</span>
        </label>
        <Field
          label="Number of default callouts to show"
          name="number_of_default_callouts_to_use"
          type="number"
          min={0}
          max={50}
          step={1}
          required
          defaultValue={settings.number_of_default_callouts_to_use}
          errors={fields.number_of_default_callouts_to_use}
          className="console-input-short"
        />
        <label className="console-check">
          <input type="checkbox" name="randomize_callout_order" defaultChecked={settings.randomize_callout_order} />
          <span>Show the callouts in a random order</span>
        </label>
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            Save settings
          </button>
        </div>
      </Form>

      <SpotlightSection spotlight={spotlight} result={actionData?.intent === 'spotlight' ? actionData : null} busy={busy} />
    </>
  );
}

type SpotlightData = Route.ComponentProps['loaderData']['spotlight'];

/** One pro's row: name, where, and the button that flips its flag. */
function ProRow({ pro, busy }: { pro: SpotlightProOut; busy: boolean }) {
  const elsewhere = pro.markets.length > 1 ? `Also shown in ${pro.markets.map(marketName).join(', ')}` : null;
  return (
    <tr>
      <th scope="row">
        <Link to={`/console/merchants/${pro.id}`}>{pro.name}</Link>
        {pro.is_certified ? <span className="console-badge console-spot-badge">Certified</span> : null}
      </th>
      <td data-label="Where">
        {pro.cities.join(', ')}
        {pro.location_count > pro.cities.length ? ` (${pro.location_count} locations)` : ''}
        {elsewhere ? <span className="console-small console-muted console-block">{elsewhere}</span> : null}
      </td>
      <td data-label="Spotlight">
        <Form method="post">
          <input type="hidden" name="intent" value="spotlight" />
          <input type="hidden" name="merchant_id" value={pro.id} />
          <input type="hidden" name="is_spotlight" value={pro.is_spotlight ? 'false' : 'true'} />
          <button type="submit" className={`console-btn console-btn-small ${pro.is_spotlight ? 'console-btn-secondary' : ''}`} disabled={busy} aria-label={`${pro.is_spotlight ? 'Take' : 'Put'} ${pro.name} ${pro.is_spotlight ? 'out of' : 'in'} the spotlight`}>
            {pro.is_spotlight ? 'Take out' : 'Put in the spotlight'}
          </button>
        </Form>
      </td>
    </tr>
  );
}

function ProTable({ pros, caption, busy }: { pros: SpotlightProOut[]; caption: string; busy: boolean }) {
  return (
    <table className="console-table console-table-stack console-spot-table">
      <caption className="console-sr">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pro</th>
          <th scope="col">Where</th>
          <th scope="col">Spotlight</th>
        </tr>
      </thead>
      <tbody>
        {pros.map((pro) => (
          <ProRow key={pro.id} pro={pro} busy={busy} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The spotlight pros grouped by market. Savers get the spotlight pros nearest to them, so a pro
 * shows in each market it has locations in, and its flag is one for all of them.
 */
function SpotlightSection({ spotlight, result, busy }: { spotlight: SpotlightData; result: ActionData | null; busy: boolean }) {
  const { groups, spotQ, spotMarket, candidates } = spotlight;
  return (
    <section aria-labelledby="spotlight-title" className="console-spotlight">
      <h2 id="spotlight-title">Spotlight pros</h2>
      <p className="console-muted">
        The home-pros home shows the spotlight pros nearest to the visitor: a pro appears in every market it has locations in. Staff limited to some markets change pros of theirs alone.
      </p>
      {result ? <FormMessage tone={result.ok ? 'success' : 'error'} message={result.message} /> : null}
      {groups.map((g) => (
        <div key={g.market} className="console-spot-group">
          <h3>
            {marketName(g.market)} <span className="console-muted console-small">{g.count === 1 ? '1 pro in the spotlight' : `${g.count} pros in the spotlight`}</span>
          </h3>
          {g.pros.length ? <ProTable pros={g.pros} caption={`Spotlight pros of ${marketName(g.market)}`} busy={busy} /> : <p className="console-muted">No pro is in the spotlight here.</p>}
        </div>
      ))}
      <h3 id="spotlight-add">Put a pro in the spotlight</h3>
      <Form method="get" className="console-table-tools" aria-labelledby="spotlight-add">
        <div className="console-field">
          <label htmlFor="spot-market">Market</label>
          <select id="spot-market" name="spot_market" defaultValue={spotMarket}>
            {groups.map((g) => (
              <option key={g.market} value={g.market}>
                {marketName(g.market)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="spot-q">Name</label>
          <input id="spot-q" name="spot_q" type="search" defaultValue={spotQ} maxLength={200} placeholder="A home pro's name" />
        </div>
        <button type="submit" className="console-btn console-btn-secondary">
          Find
        </button>
      </Form>
      {candidates ? (
        candidates.length ? (
          <ProTable pros={candidates} caption={`Pros of ${marketName(spotMarket)} named like "${spotQ}"`} busy={busy} />
        ) : (
          <p className="console-muted">No home pro of {marketName(spotMarket)} outside the spotlight is named like this.</p>
        )
      ) : null}
    </section>
  );
}
