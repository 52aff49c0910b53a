// /console/audit (admins): the audit log, newest first (GET /api/console/audit/), filtered by the
// actor's e-mail, action, entity, entity id and days; each entry opens to its before and after
// side by side, field by field, the changed fields marked.
import { Form, useLocation } from 'react-router';
import type { Route } from './+types/audit';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { auditDiff, type AuditDiffRow } from '../../lib/console/audit-diff.ts';
import { DiffTable } from '../../components/console/diff-table.tsx';
import { marketName } from '../../lib/console/contest-format.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { AuditPageOut, type AuditEntryOut } from '@market/domain/api/staff';
import { BUSINESS_TIMEZONE } from '@market/domain/expiry';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WORD = /^[a-z0-9_.:-]{1,100}$/i;

function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, timeZoneName: 'longOffset' });

/** The start of a day in the business time zone, as the API reads a time ("2026-11-03T00:00:00-05:00"). */
export function businessDayStart(day: string): string {
  // 05:00 UTC is midnight or 1 AM in Detroit: before the 2 AM change of clocks, so that day's offset at midnight.
  const zone = OFFSET.formatToParts(new Date(`${day}T05:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = zone === 'GMT' ? 'Z' : zone.slice(3);
  return `${day}T00:00:00${offset}`;
}

/**
 * The API query from the page's URL. `to` is the last day shown (inclusive), the API's `to` is
 * exclusive: the day after is sent. Filters that cannot match (not a word, not a day) are dropped
 * rather than answered with an error page; the form shows what was typed.
 */
export function auditQuery(url: URL): string {
  const base = new URLSearchParams(listQuery(url, []).slice(1));
  base.delete('sort');
  const p = url.searchParams;
  for (const name of ['action', 'entity', 'entity_id'] as const) {
    const value = p.get(name)?.trim();
    if (value && WORD.test(value)) base.set(name, value);
  }
  const from = p.get('from');
  const to = p.get('to');
  if (from && DAY.test(from)) base.set('from', businessDayStart(from));
  if (to && DAY.test(to)) base.set('to', businessDayStart(nextDay(to)));
  const s = base.toString();
  return s ? `?${s}` : '';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await consoleApi(context, request).get(`/api/console/audit/${auditQuery(consolePageUrl(request))}`, AuditPageOut);
  return { ...page, results: page.results.map((e) => ({ ...e, at_text: formatDateTime(e.at), diff: auditDiff(e.before, e.after) })) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

type Entry = Omit<AuditEntryOut, 'before' | 'after'> & { at_text: string; diff: AuditDiffRow[] };

const col = consoleColumns<Entry>();
const columns = [
  col.accessor('at_text', { id: 'at', header: 'When', cell: (info) => <time dateTime={info.row.original.at} className="console-nowrap">{info.getValue()}</time> }),
  col.accessor('actor_email', { header: 'Who', cell: (info) => info.getValue() ?? <span className="console-muted">The system</span> }),
  col.accessor('action', { header: 'Action', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor((e) => `${e.entity}${e.entity_id ? ` #${e.entity_id}` : ''}`, { id: 'entity', header: 'Record' }),
  col.accessor('market_id', { header: 'Market', cell: (info) => (info.getValue() ? marketName(info.getValue()!) : '') }),
  col.accessor('ip', { header: 'Address', cell: (info) => info.getValue() ?? '' }),
];


/** The entry's before and after: the changed fields, then the unchanged ones behind their own toggle. */
function AuditDetail({ entry }: { entry: Entry }) {
  const changed = entry.diff.filter((d) => d.changed);
  const unchanged = entry.diff.filter((d) => !d.changed);
  if (entry.diff.length === 0) return <span className="console-muted console-small">No record attached.</span>;
  const what = `${entry.action} at ${entry.at_text}`;
  return (
    <details className="console-audit-detail">
      <summary>
        Before and after{' '}
        <span className="console-muted">
          ({changed.length} {changed.length === 1 ? 'field' : 'fields'} changed)
        </span>
      </summary>
      {changed.length ? <DiffTable rows={changed} label={`Changed fields of ${what}`} /> : <p className="console-small">No field changed.</p>}
      {unchanged.length ? (
        <details className="console-audit-unchanged">
          <summary>
            The {unchanged.length} unchanged {unchanged.length === 1 ? 'field' : 'fields'}
          </summary>
          <DiffTable rows={unchanged} label={`Unchanged fields of ${what}`} />
        </details>
      ) : null}
    </details>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  const value = (name: string) => params.get(name) ?? '';
  return (
    <>
      <title>Audit log · Staff console</title>
      <h1>Audit log</h1>
      <p className="console-muted">Every change made in the console, newest first. Entries cannot be changed or removed.</p>
      <Form method="get" className="console-table-tools console-audit-filters" role="search" key={params.toString()}>
        <div className="console-field console-search">
          <label htmlFor="audit-q">Who (e-mail)</label>
          <input id="audit-q" type="search" name="q" defaultValue={value('q')} />
        </div>
        <div className="console-field">
          <label htmlFor="audit-action">Action</label>
          <input id="audit-action" name="action" defaultValue={value('action')} placeholder="offer.update" pattern="[A-Za-z0-9_.:\-]{1,100}" />
        </div>
        <div className="console-field">
          <label htmlFor="audit-entity">Record kind</label>
          <input id="audit-entity" name="entity" defaultValue={value('entity')} placeholder="contest" pattern="[A-Za-z0-9_.:\-]{1,100}" />
        </div>
        <div className="console-field">
          <label htmlFor="audit-entity-id">Record id</label>
          <input id="audit-entity-id" name="entity_id" defaultValue={value('entity_id')} pattern="[A-Za-z0-9_.:\-]{1,100}" />
        </div>
        <div className="console-field console-date-field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" name="from" defaultValue={value('from')} />
        </div>
        <div className="console-field console-date-field">
          <label htmlFor="audit-to">To (inclusive)</label>
          <input id="audit-to" type="date" name="to" defaultValue={value('to')} />
        </div>
        <div className="console-actions">
          <button type="submit" className="console-btn">
            Filter
          </button>
          <a href="/console/audit">Clear</a>
        </div>
      </Form>
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={loaderData.results}
        count={loaderData.count}
        page={loaderData.page}
        pageSize={loaderData.page_size}
        getRowId={(row) => String(row.id)}
        rowDetail={(row) => <AuditDetail entry={row} />}
        empty="No entry matches."
      />
    </>
  );
}
