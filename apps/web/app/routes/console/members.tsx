// /console/members: find an account by e-mail (GET /api/console/members/?q=), newest first or by
// address, in pages; each row opens the account's page.
import type { Route } from './+types/members';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable, type ConsoleColumn } from '../../components/console/data-table.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { ROLE_LABEL } from '../../lib/console/sections.ts';
import { ConsoleMemberPageOut } from '@market/domain/api/console-members';
import { Link } from 'react-router';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  const page = await consoleApi(context, request).get(`/api/console/members/${listQuery(url)}`, ConsoleMemberPageOut);
  return {
    deleted: url.searchParams.get('deleted') === '1',
    count: page.count,
    page: page.page,
    pageSize: page.page_size,
    rows: page.results.map((m) => ({
      id: m.id,
      email: m.email,
      name: `${m.first_name} ${m.last_name}`.trim(),
      verified: m.email_verified,
      disabled: m.disabled,
      role: m.staff_role ? ROLE_LABEL[m.staff_role] : 'Member',
      created: { iso: m.created_at, text: formatDateTime(m.created_at) },
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];
const col = consoleColumns<Row>();
const columns: ConsoleColumn<Row>[] = [
  col.accessor('email', { header: 'E-mail', enableSorting: true }),
  col.accessor('name', { header: 'Name' }),
  col.accessor('role', { header: 'Account' }),
  col.accessor('verified', { header: 'Verified', cell: (info) => (info.getValue() ? 'Yes' : 'Not yet') }),
  col.accessor('disabled', { header: 'State', cell: (info) => (info.getValue() ? <span className="console-badge console-status-spam">Disabled</span> : 'Active') }),
  col.accessor((row) => row.created.text, { id: 'created_at', header: 'Joined', enableSorting: true, cell: (info) => <time dateTime={info.row.original.created.iso}>{info.getValue()}</time> }),
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Members({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <title>Members · Staff console</title>
      <h1>Members</h1>
      <p className="console-muted">
        Find an account by its e-mail address to help with signing in, verification or a deletion request. A newsletter address without an account: <Link to="/console/newsletter">newsletter look-up</Link>.
      </p>
      {loaderData.deleted ? <FormMessage tone="success" message="The account was deleted." /> : null}
      <DataTable
        caption="Accounts"
        columns={columns}
        rows={loaderData.rows}
        count={loaderData.count}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/console/members/${row.id}`}
        search={{ label: 'E-mail address, or part of it', placeholder: 'name@example.com' }}
        empty="No account has an address like this."
      />
    </>
  );
}
