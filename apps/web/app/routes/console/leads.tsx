// /console/leads: the leads inbox (GET /api/console/leads/) as a table: kind, status, market,
// assignee, search and received-between filters, newest first or by last change, in pages. The
// "Export CSV" link downloads the same filtered view through /console/leads/export.csv.
import { useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/leads';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable, type ConsoleColumn, type TableFilter } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { exportHref, kindLabel, LEAD_FILTERS, LEAD_KIND_LABEL, LEAD_STATUS_LABEL, marketLabel, statusLabel } from '../../lib/console/leads.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { ConsoleLeadPageOut } from '@market/domain/api/console-leads';
import { MARKET_IDS } from '@market/domain/markets';
import type { loader as layoutLoader } from './layout.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  const page = await consoleApi(context, request).get(`/api/console/leads/${listQuery(url, LEAD_FILTERS)}`, ConsoleLeadPageOut);
  return {
    count: page.count,
    page: page.page,
    pageSize: page.page_size,
    rows: page.results.map((lead) => ({
      id: lead.id,
      who: lead.summary.name || lead.summary.company || lead.summary.email || `Lead ${lead.id}`,
      contact: [lead.summary.company && lead.summary.name ? lead.summary.company : null, lead.summary.email, lead.summary.phone].filter((v): v is string => Boolean(v)),
      kind: kindLabel(lead.kind),
      market: marketLabel(lead.market),
      status: lead.status,
      statusText: statusLabel(lead.status),
      assignee: lead.assigned_to?.name ?? '',
      created: { iso: lead.created_at, text: formatDateTime(lead.created_at) },
      updated: { iso: lead.updated_at, text: formatDateTime(lead.updated_at) },
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];

const col = consoleColumns<Row>();
const columns: ConsoleColumn<Row>[] = [
  col.accessor('who', { header: 'Lead', cell: (info) => <span className="console-cell-name">{info.getValue()}</span> }),
  col.accessor('contact', {
    header: 'Contact',
    cell: (info) => (
      <span className="console-cell-wide">
        {info.getValue().map((line: string) => (
          <span key={line} className="console-cell-line">
            {line}
          </span>
        ))}
      </span>
    ),
  }),
  col.accessor('kind', { header: 'Kind' }),
  col.accessor('market', { header: 'Market' }),
  col.accessor('statusText', { header: 'Status', cell: (info) => <span className={`console-badge console-status-${info.row.original.status}`}>{info.getValue()}</span> }),
  col.accessor('assignee', { header: 'Assigned to', cell: (info) => info.getValue() || <span className="console-muted">Nobody</span> }),
  col.accessor((row) => row.created.text, { id: 'created_at', header: 'Received', enableSorting: true, cell: (info) => <time className="console-cell-time" dateTime={info.row.original.created.iso}>{info.getValue()}</time> }),
  col.accessor((row) => row.updated.text, { id: 'updated_at', header: 'Last change', enableSorting: true, cell: (info) => <time className="console-cell-time" dateTime={info.row.original.updated.iso}>{info.getValue()}</time> }),
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const me = useRouteLoaderData<typeof layoutLoader>('routes/console/layout')?.me;
  const markets = me?.markets ?? MARKET_IDS;
  const filters: TableFilter[] = [
    { name: 'status', label: 'Status', options: [{ value: '', label: 'Any status' }, ...Object.entries(LEAD_STATUS_LABEL).map(([value, label]) => ({ value, label }))] },
    { name: 'kind', label: 'Kind', options: [{ value: '', label: 'Every kind' }, ...Object.entries(LEAD_KIND_LABEL).map(([value, label]) => ({ value, label }))] },
    ...(markets.length > 1 ? [{ name: 'market', label: 'Market', options: [{ value: '', label: 'Every market' }, ...markets.map((m) => ({ value: m, label: marketLabel(m) }))] }] : []),
    {
      name: 'assigned_to',
      label: 'Assigned to',
      options: [
        { value: '', label: 'Anyone' },
        { value: 'me', label: 'Me' },
        { value: 'none', label: 'Nobody' },
      ],
    },
    { name: 'from', label: 'Received from', type: 'date' },
    { name: 'to', label: 'Received before', type: 'date' },
  ];
  return (
    <>
      <title>Leads · Staff console</title>
      <div className="console-page-head">
        <h1>Leads</h1>
        <a href={exportHref(location.search)} className="console-btn console-btn-secondary" download>
          Export CSV
        </a>
      </div>
      <p className="console-muted">The forms’ leads of your markets. Open one to read it, note it, assign it and close it. The export holds every lead of this view, newest first.</p>
      <DataTable
        caption="Leads"
        columns={columns}
        rows={loaderData.rows}
        count={loaderData.count}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/console/leads/${row.id}`}
        search={{ label: 'Search name, e-mail, phone or company' }}
        filters={filters}
        empty="No leads match these filters."
      />
    </>
  );
}
