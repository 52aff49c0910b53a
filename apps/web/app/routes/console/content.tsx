// /console/content: the home-page callouts (GET /api/console/callouts/: search, default set or
// regular, state; sorted by order) and the three callout settings (PUT
// /api/console/callout-settings/, SPEC.md 7: use the default set, how many, random order).
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
import { CalloutSettingsOut, ConsoleCalloutPageOut, type ConsoleCalloutOut } from '@market/domain/api/console-content';
import { US_STATES } from '@market/domain/markets';
import { calloutSettingsSchema } from '@market/domain/validation/console-content';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const [callouts, settings] = await Promise.all([
    api.get(`/api/console/callouts/${listQuery(consolePageUrl(request), ['is_default', 'state'])}`, ConsoleCalloutPageOut),
    api.get('/api/console/callout-settings/', CalloutSettingsOut),
  ]);
  return { callouts, settings, deleted: consolePageUrl(request).searchParams.has('deleted') };
}

export async function action({ request, context }: Route.ActionArgs): Promise<{ ok: boolean; message: string | null; fields: FieldErrors }> {
  const form = await request.formData();
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
  const { callouts, settings, deleted } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const fields = actionData?.fields ?? {};
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
        {actionData ? <FormMessage tone={actionData.ok ? 'success' : 'error'} message={actionData.message ?? (actionData.ok ? null : 'Check the highlighted fields and try again.')} /> : null}
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
    </>
  );
}
