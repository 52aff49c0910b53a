// /console/merchants: the merchants, a page at a time (GET /api/console/merchants/), searched by
// name and filtered by market, category and certification; sorted by name or last change. Each row
// opens the merchant's page; "Add merchant" opens the empty form.
import { Link } from 'react-router';
import type { Route } from './+types/merchants';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleColumns, DataTable, type ConsoleColumn } from '../../components/console/data-table.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { listQuery } from '../../lib/console/list-params.ts';
import { categoryChoices, MARKET_OPTIONS } from '../../lib/console/catalogue-options.ts';
import { ConsoleMerchantPageOut } from '@market/domain/api/console-merchants';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { MARKETS, type MarketId } from '@market/domain/markets';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const url = consolePageUrl(request);
  const [page, categories] = await Promise.all([api.get(`/api/console/merchants/${listQuery(url, ['market', 'category', 'certified'])}`, ConsoleMerchantPageOut), api.get('/api/categories/', CategoriesOut)]);
  return {
    count: page.count,
    page: page.page,
    pageSize: page.page_size,
    rows: page.results.map((m) => ({
      id: m.id,
      name: m.name,
      category: m.category?.name ?? '',
      markets: m.markets.map((id) => MARKETS[id as MarketId]?.name ?? id).join(', '),
      location_count: m.location_count,
      certification: m.certified_badge ? 'Badge shown' : m.is_certified ? 'Certified, no badge' : '',
      updated_at: formatDateTime(m.updated_at),
    })),
    categories: categoryChoices(categories).map((c) => ({ value: String(c.id), label: c.group === 'Home pros' ? `Home pros: ${c.name}` : c.name })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];
const col = consoleColumns<Row>();
const COLUMNS: ConsoleColumn<Row>[] = [
  col.accessor('name', { header: 'Name', enableSorting: true }),
  col.accessor('category', { header: 'Category' }),
  col.accessor('markets', { header: 'Markets' }),
  col.accessor('location_count', { header: 'Locations' }),
  col.accessor('certification', {
    header: 'Certified',
    cell: (info) => (info.getValue() ? <span className={`console-badge ${info.getValue() === 'Badge shown' ? 'cat-badge-on' : ''}`}>{info.getValue()}</span> : null),
  }),
  col.accessor('updated_at', { header: 'Last change', enableSorting: true }),
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { rows, count, page, pageSize, categories } = loaderData;
  return (
    <>
      <title>Merchants · Staff console</title>
      <div className="cat-head">
        <h1>Merchants</h1>
        <Link to="/console/merchants/new" className="console-btn">
          Add merchant
        </Link>
      </div>
      <DataTable
        caption="Merchants"
        columns={COLUMNS}
        rows={rows}
        count={count}
        page={page}
        pageSize={pageSize}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => `/console/merchants/${r.id}`}
        search={{ label: 'Name contains' }}
        filters={[
          { name: 'market', label: 'Market', options: [{ value: '', label: 'All markets' }, ...MARKET_OPTIONS] },
          { name: 'category', label: 'Category', options: [{ value: '', label: 'All categories' }, ...categories] },
          {
            name: 'certified',
            label: 'Certified',
            options: [
              { value: '', label: 'Any' },
              { value: '1', label: 'Certified' },
              { value: '0', label: 'Not certified' },
            ],
          },
        ]}
        empty="No merchant matches."
      />
    </>
  );
}
