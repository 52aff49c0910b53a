// /console/contests: the contests list (GET /api/console/contests/): search by name or slug,
// status (upcoming, running, ended from the dates in Detroit), market, sorted by dates or name.
import { Link } from 'react-router';
import type { Route } from './+types/contests';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { ConsoleContestPageOut, type ConsoleContestOut } from '@market/domain/api/console-contests';
import { MARKET_IDS, MARKETS } from '@market/domain/markets';
import { contestStatusLabel, dayText, marketsText } from '../../lib/console/contest-format.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  return consoleApi(context, request).get(`/api/console/contests/${listQuery(url, ['status', 'market'])}`, ConsoleContestPageOut);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const col = consoleColumns<ConsoleContestOut>();
const columns = [
  col.accessor('display_name', { id: 'name', header: 'Contest', enableSorting: true }),
  col.accessor('status', {
    header: 'Status',
    cell: (info) => <span className={`console-badge console-badge-${info.getValue()}`}>{contestStatusLabel(info.getValue())}</span>,
  }),
  col.accessor('starts_at', { header: 'Starts', enableSorting: true, cell: (info) => <span className="console-nowrap">{dayText(info.getValue())}</span> }),
  col.accessor('ends_at', { header: 'Ends', enableSorting: true, cell: (info) => <span className="console-nowrap">{dayText(info.getValue())}</span> }),
  col.accessor('markets', { header: 'Markets', cell: (info) => marketsText(info.getValue()) }),
  col.accessor('entry_count', { header: 'Entries', cell: (info) => info.getValue().toLocaleString('en-US') }),
  col.accessor('is_active', { header: 'Active', cell: (info) => (info.getValue() ? 'Yes' : 'No') }),
];

const filters = [
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'Any status' },
      { value: 'upcoming', label: 'Upcoming' },
      { value: 'running', label: 'Running' },
      { value: 'ended', label: 'Ended' },
    ],
  },
  { name: 'market', label: 'Market', options: [{ value: '', label: 'Every market' }, ...MARKET_IDS.map((id) => ({ value: id, label: MARKETS[id].name }))] },
];

export default function Contests({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <title>Contests · Staff console</title>
      <div className="console-page-head">
        <h1>Contests</h1>
        <Link to="/console/contests/new" className="console-btn">
          New contest
        </Link>
      </div>
      <DataTable
        caption="Contests"
        columns={columns}
        rows={loaderData.results}
        count={loaderData.count}
        page={loaderData.page}
        pageSize={loaderData.page_size}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/console/contests/${row.id}`}
        search={{ label: 'Search contests', placeholder: 'Name or slug' }}
        filters={filters}
        empty="No contest matches."
      />
    </>
  );
}
