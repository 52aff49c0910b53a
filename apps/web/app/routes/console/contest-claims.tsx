// /console/contests/:id/claims: the sweepstakes claims of a contest
// (GET /api/console/contests/{id}/claims/), claims whose numbers match a winning number first,
// then the newest. Support and editors; staff limited to some markets see their markets' claims.
import { Link } from 'react-router';
import type { Route } from './+types/contest-claims';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { marketName } from '../../lib/console/contest-format.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { ConsoleContestOut, SweepstakesClaimPageOut, type SweepstakesClaimOut } from '@market/domain/api/console-contests';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  const api = consoleApi(context, request);
  const [claims, contest] = await Promise.all([
    api.get(`/api/console/contests/${id}/claims/${listQuery(consolePageUrl(request), ['matched'])}`, SweepstakesClaimPageOut),
    // Support reads claims but not contests (403): the heading then names the contest by number.
    api.get(`/api/console/contests/${id}/`, ConsoleContestOut.pick({ id: true, display_name: true, sweepstakes_numbers: true })).catch(() => null),
  ]);
  return { id, contest, claims: { ...claims, results: claims.results.map((c) => ({ ...c, created_text: formatDateTime(c.created_at) })) } };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

type Claim = SweepstakesClaimOut & { created_text: string };
const col = consoleColumns<Claim>();
const columns = [
  col.accessor((c) => `${c.first_name} ${c.last_name}`, { id: 'name', header: 'Claimant' }),
  col.accessor('is_match', {
    header: 'Match',
    cell: (info) => (info.getValue() ? <span className="console-badge console-badge-match">Matches {info.row.original.matched_numbers.join(', ')}</span> : <span className="console-muted">No match</span>),
  }),
  col.accessor('numbers', { header: 'Numbers', cell: (info) => info.getValue().join(', ') }),
  col.accessor('email', { header: 'E-mail', cell: (info) => <a href={`mailto:${info.getValue()}`}>{info.getValue()}</a> }),
  col.accessor((c) => [c.address1, c.address2, `${c.city}, ${c.state} ${c.zip}`].filter(Boolean).join(', '), { id: 'address', header: 'Address' }),
  col.accessor('market_id', { header: 'Market', cell: (info) => marketName(info.getValue()) }),
  col.accessor('created_text', { header: 'Received' }),
];

const filters = [
  {
    name: 'matched',
    label: 'Claims',
    options: [
      { value: '', label: 'All claims' },
      { value: '1', label: 'Matching a winning number' },
    ],
  },
];

export default function ContestClaims({ loaderData }: Route.ComponentProps) {
  const { id, contest, claims } = loaderData;
  const name = contest?.display_name ?? `Contest ${id}`;
  return (
    <>
      <title>{`Claims · ${name} · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/contests">Contests</Link> › {contest ? <Link to={`/console/contests/${id}`}>{name}</Link> : name}
      </p>
      <h1>Sweepstakes claims</h1>
      <p className="console-muted">
        {name}
        {contest?.sweepstakes_numbers.length ? ` · winning numbers: ${contest.sweepstakes_numbers.join(', ')}` : ''}. Claims matching a winning number come first.
      </p>
      <DataTable
        caption={`Sweepstakes claims of ${name}`}
        columns={columns}
        rows={claims.results}
        count={claims.count}
        page={claims.page}
        pageSize={claims.page_size}
        getRowId={(row) => String(row.id)}
        filters={filters}
        empty="No claims yet."
      />
    </>
  );
}
