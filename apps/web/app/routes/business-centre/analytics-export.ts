// /business/centre/:merchantId/analytics.csv: the dashboard's CSV download (GET
// /api/merchant/{id}/analytics.csv with the same filters). The browser holds no bearer token (the
// session is the HttpOnly business_session cookie), so this resource route asks the API with it
// and hands the answer on as it arrives: the body is never collected here.
import type { Route } from './+types/analytics-export';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { parseId } from '@market/domain/ids';
import { centreApi } from '../../lib/business/centre-api.server.ts';

const PASSED_ON = ['content-type', 'content-disposition', 'x-content-type-options'] as const;
const FILTERS = ['from', 'to', 'offer_id', 'location_id'] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.merchantId ?? null);
  if (!id) throw new Response(null, { status: 404 });
  const url = consolePageUrl(request);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const answer = await centreApi(context, request).download(`/api/merchant/${id}/analytics.csv${query.size ? `?${query}` : ''}`);
  const headers = new Headers({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
