// /business/centre/:merchantId/leads: the business's leads inbox (owners and managers): lease and
// test-drive requests for its offers, newest first, with the person's contact details; "Mark
// handled" is the business's own mark (the office's status is shown beside it). Open, handled or
// all; a page at a time.
import { Form, Link } from 'react-router';
import type { Route } from './+types/leads';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { parseId } from '@market/domain/ids';
import { LeadAnswer, LeadPageAnswer, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import { when } from '../../lib/business/centre-format.ts';

const SHOW = { open: 'Open', handled: 'Handled', all: 'All' } as const;
type Show = keyof typeof SHOW;
const OFFICE_STATUS: Record<string, string> = { new: 'New', in_progress: 'LocalSaver follows up', done: 'Closed by LocalSaver' };
const PAGE_SIZE = 25;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const url = consolePageUrl(request);
  const raw = url.searchParams.get('show');
  const show: Show = raw === 'handled' || raw === 'all' ? raw : 'open';
  const page = Math.min(400, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  if (show !== 'all') query.set('handled', show === 'handled' ? 'true' : 'false');
  const leads = await api.get(`/api/merchant/${merchant.id}/leads/?${query}`, LeadPageAnswer);
  return { merchant: { id: merchant.id, name: merchant.name }, show, leads };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const form = await request.formData();
  const id = parseId(String(form.get('id') ?? ''));
  if (!id) return { ok: false, message: 'Choose a lead.' };
  const handled = form.get('handled') === 'true';
  const result = await api.send('PATCH', `/api/merchant/${merchant.id}/leads/${id}/`, { handled }, LeadAnswer);
  if (!result.ok) return { ok: false, message: result.message ?? Object.values(result.kind === 'invalid' ? result.fields : {}).flat().join(' ') };
  const name = [result.data.first_name, result.data.last_name].filter(Boolean).join(' ') || `Lead #${id}`;
  return { ok: true, message: handled ? `${name}: marked handled.` : `${name}: open again.` };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MerchantLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, show, leads } = loaderData;
  const pages = Math.max(1, Math.ceil(leads.count / PAGE_SIZE));
  const base = `/business/centre/${merchant.id}/leads`;
  return (
    <>
      <title>{`Leads · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: leads</h1>
      <nav aria-label="Which leads" className="centre-tabs">
        {(Object.keys(SHOW) as Show[]).map((s) => (
          <Link key={s} to={s === 'open' ? base : `${base}?show=${s}`} aria-current={s === show ? 'page' : undefined} className={s === show ? 'console-btn' : 'console-btn console-btn-secondary'}>
            {SHOW[s]}
          </Link>
        ))}
      </nav>
      <FormMessage tone={actionData?.ok ? 'success' : 'error'} message={actionData?.message} />
      {leads.results.length ? (
        <ul className="centre-leads">
          {leads.results.map((l) => {
            const name = [l.first_name, l.last_name].filter(Boolean).join(' ') || 'Someone';
            return (
              <li key={l.id} className="console-panel">
                <h2 className="centre-lead-title">
                  {name} <span className="console-badge">{l.request === 'test-drive' ? 'Test drive' : l.request === 'lease' ? 'Lease' : l.kind}</span>
                </h2>
                <p className="console-small console-muted">
                  #{l.id} · {when(l.created_at)} · {OFFICE_STATUS[l.status] ?? l.status}
                </p>
                {l.offer_name ? <p>Offer: {l.offer_name}</p> : null}
                <p>
                  {l.email ? <a href={`mailto:${l.email}`}>{l.email}</a> : null}
                  {l.email && l.phone ? ' · ' : null}
                  {l.phone ? <a href={`tel:${l.phone}`}>{l.phone}</a> : null}
                  {l.zip ? ` · ZIP ${l.zip}` : null}
                </p>
                <Form method="post" className="centre-inline-form">
                  <input type="hidden" name="id" value={l.id} />
                  {l.handled_at ? (
                    <>
                      <span className="console-small">
                        Handled {when(l.handled_at)}
                        {l.handled_by ? ` by ${l.handled_by}` : ''}
                      </span>
                      <button type="submit" name="handled" value="false" className="console-btn console-btn-secondary">
                        Open again
                      </button>
                    </>
                  ) : (
                    <button type="submit" name="handled" value="true" className="console-btn">
                      Mark handled
                    </button>
                  )}
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{show === 'open' ? 'No open leads. New requests for your offers arrive here and by e-mail.' : 'No leads here.'}</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="console-actions">
          {leads.page > 1 ? <Link to={`${base}?show=${show}&page=${leads.page - 1}`}>Newer</Link> : null}
          <span className="console-muted">
            Page {leads.page} of {pages}
          </span>
          {leads.page < pages ? <Link to={`${base}?show=${show}&page=${leads.page + 1}`}>Older</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
