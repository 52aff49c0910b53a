// /console/leads/export.csv: the inbox's CSV download (GET /api/console/leads/export.csv with the
// same filters). The browser holds no bearer token (the session is an HttpOnly cookie), so this
// resource route asks the API with it and hands the answer on as it arrives: the body is never
// collected here, only its type, file name and caching headers are kept.
import type { Route } from './+types/leads-export';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { LEAD_FILTERS } from '../../lib/console/leads.ts';
import { listQuery } from '../../lib/console/list-params.ts';

const PASSED_ON = ['content-type', 'content-disposition', 'x-content-type-options'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Only the filters: the export has its own order and no pages.
  const url = consolePageUrl(request);
  for (const name of ['sort', 'page', 'page_size']) url.searchParams.delete(name);
  const answer = await consoleApi(context, request).download(`/api/console/leads/export.csv${listQuery(url, LEAD_FILTERS)}`);
  const headers = new Headers({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
