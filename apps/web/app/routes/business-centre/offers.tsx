// /business/centre/:merchantId: a business's offers with where each stands: a draft, waiting for
// LocalSaver's review, sent back (with the reviewer's note), or as savers see it (live,
// scheduled, paused, expired). Owners and managers.
import { Link } from 'react-router';
import type { Route } from './+types/offers';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { parseId } from '@market/domain/ids';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { MERCHANT_STATUS_LABEL, statusClass } from '../../lib/business/offer-status.ts';
import { MerchantMembershipList, MerchantOfferList } from '@market/domain/api/merchant-centre';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const DONE: Record<string, string> = { submitted: 'Submitted: LocalSaver reviews it shortly. Savers see it once it is approved.' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.merchantId ?? null);
  if (!id) throw new Response(null, { status: 404 });
  const api = centreApi(context, request);
  const [merchants, offers] = await Promise.all([api.get('/api/merchant/', MerchantMembershipList), api.get(`/api/merchant/${id}/offers/`, MerchantOfferList)]);
  const merchant = merchants.find((m) => m.id === id);
  if (!merchant) throw new Response(null, { status: 404 });
  return {
    merchant: { id: merchant.id, name: merchant.name },
    offers: offers.map((o) => ({ id: o.id, name: o.fields.name, status: o.status, note: o.status === 'sent_back' ? o.revision?.review_note ?? null : null, expires: o.fields.expires_at, changesPending: o.status === 'draft' || o.status === 'submitted' ? o.offer_status !== 'draft' : false })),
    done: DONE[consolePageUrl(request).searchParams.get('done') ?? ''] ?? null,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MerchantOffers({ loaderData }: Route.ComponentProps) {
  const { merchant, offers, done } = loaderData;
  return (
    <>
      <title>{`Offers · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> /
      </p>
      <h1>{merchant.name}: offers</h1>
      <FormMessage tone="success" message={done} />
      <p className="console-actions">
        <Link to={`/business/centre/${merchant.id}/offers/new`} className="console-btn">
          New offer
        </Link>
        <a href="/r/scan" className="console-btn console-btn-secondary">
          Scan a coupon
        </a>
      </p>
      {offers.length ? (
        <div className="console-table-wrap">
        <table className="console-table">
          <caption className="console-muted">Your offers, the latest changed first</caption>
          <thead>
            <tr>
              <th scope="col">Offer</th>
              <th scope="col">Status</th>
              <th scope="col">Last valid day</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/business/centre/${merchant.id}/offers/${o.id}`}>{o.name}</Link>
                  {o.note ? <p className="console-small">LocalSaver’s note: {o.note}</p> : null}
                </td>
                <td>
                  <span className={statusClass(o.status)}>{MERCHANT_STATUS_LABEL[o.status]}</span>
                  {o.changesPending ? <p className="console-small console-muted">Changes to a published offer; savers see the approved version meanwhile.</p> : null}
                </td>
                <td>{o.expires}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : (
        <p>No offers yet. Create one, then submit it: LocalSaver reviews it before savers see it.</p>
      )}
    </>
  );
}
