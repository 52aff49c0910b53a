// /console/offers: the offers, a page at a time (GET /api/console/offers/), searched by name and
// filtered by status, market, featured and kind. Sorted by last change only: the other orders need
// indexes not made yet (docs/decisions.md "Sorting by name, expires_at or starts_at needs indexes").
import { Link } from 'react-router';
import type { Route } from './+types/offers';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable, type ConsoleColumn } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { MARKET_OPTIONS, SECONDARY_TYPE_LABEL, SECONDARY_TYPE_OPTIONS, STATUS_LABEL, STATUS_OPTIONS } from '../../lib/console/catalogue-options.ts';
import { ConsoleOfferPage } from '@market/domain/api/console-offers';
import { formatDisplayDate } from '@market/domain/expiry';
import { MARKETS, type MarketId } from '@market/domain/markets';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  // Only updated_at sorts (see above): any other order asked in the URL is dropped.
  const sort = url.searchParams.get('sort');
  if (sort && sort !== 'updated_at' && sort !== '-updated_at') url.searchParams.delete('sort');
  const page = await consoleApi(context, request).get(`/api/console/offers/${listQuery(url, ['status', 'market', 'featured', 'secondary_type'])}`, ConsoleOfferPage);
  return {
    count: page.count,
    page: page.page,
    pageSize: page.page_size,
    rows: page.results.map((o) => ({
      id: o.id,
      name: o.name,
      status: o.status,
      merchant: o.merchant.name,
      market: MARKETS[o.market_id as MarketId]?.name ?? o.market_id,
      dates: `${o.starts_at ? `${formatDisplayDate(o.starts_at)} – ` : 'Until '}${formatDisplayDate(o.expires_at)}`,
      kind: `${SECONDARY_TYPE_LABEL[o.secondary_type] ?? o.secondary_type}${o.is_featured ? ' · Featured' : ''}`,
      updated_at: formatDateTime(o.updated_at),
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];
const col = consoleColumns<Row>();
const COLUMNS: ConsoleColumn<Row>[] = [
  col.accessor('name', { header: 'Offer' }),
  col.accessor('status', { header: 'Status', cell: (info) => <span className={`console-badge cat-status-${info.getValue()}`}>{STATUS_LABEL[info.getValue()] ?? info.getValue()}</span> }),
  col.accessor('merchant', { header: 'Merchant' }),
  col.accessor('market', { header: 'Market' }),
  col.accessor('dates', { header: 'Valid' }),
  col.accessor('kind', { header: 'Kind' }),
  col.accessor('updated_at', { header: 'Last change', enableSorting: true }),
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { rows, count, page, pageSize } = loaderData;
  return (
    <>
      <title>Offers · Staff console</title>
      <div className="cat-head">
        <h1>Offers</h1>
        <Link to="/console/offers/new" className="console-btn">
          New offer
        </Link>
      </div>
      <DataTable
        caption="Offers"
        columns={COLUMNS}
        rows={rows}
        count={count}
        page={page}
        pageSize={pageSize}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => `/console/offers/${r.id}`}
        search={{ label: 'Name contains' }}
        filters={[
          { name: 'status', label: 'Status', options: [{ value: '', label: 'Any status' }, ...STATUS_OPTIONS] },
          { name: 'market', label: 'Market', options: [{ value: '', label: 'All markets' }, ...MARKET_OPTIONS] },
          {
            name: 'featured',
            label: 'Featured',
            options: [
              { value: '', label: 'Any' },
              { value: '1', label: 'Featured' },
              { value: '0', label: 'Not featured' },
            ],
          },
          { name: 'secondary_type', label: 'Kind', options: [{ value: '', label: 'Any kind' }, ...SECONDARY_TYPE_OPTIONS] },
        ]}
        empty="No offer matches."
      />
    </>
  );
}
