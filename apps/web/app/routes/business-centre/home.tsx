// /business/centre: the businesses this account is on the team of, with its role at each, their
// offers, analytics, leads and locations (owners and managers), team and tills (owners), and
// "Scan a coupon" (everyone, cashiers at their locations).
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { MerchantMembershipList } from '@market/domain/api/merchant-centre';

const ROLE: Record<string, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { merchants: await centreApi(context, request).get('/api/merchant/', MerchantMembershipList) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function CentreHome({ loaderData }: Route.ComponentProps) {
  const { merchants } = loaderData;
  return (
    <>
      <title>Your businesses · Business centre</title>
      <h1>Your businesses</h1>
      <p>
        <a href="/r/scan" className="console-btn">
          Scan a coupon
        </a>
      </p>
      {merchants.length ? (
        <div className="console-panels">
          {merchants.map((m) => (
            <section key={m.id} className="console-panel" aria-labelledby={`merchant-${m.id}`}>
              <h2 id={`merchant-${m.id}`}>{m.name}</h2>
              <p className="console-muted">
                Your role: <strong>{ROLE[m.role] ?? m.role}</strong>
                {m.role === 'cashier' ? ` · you redeem coupons at ${m.locations.map((l) => l.display_name).join(', ') || 'no location yet'}` : ` · ${m.locations.length} location${m.locations.length === 1 ? '' : 's'}`}
              </p>
              {m.role !== 'cashier' ? (
                <p className="console-actions">
                  <Link to={`/business/centre/${m.id}`} className="console-btn console-btn-secondary">
                    Offers
                  </Link>
                  <Link to={`/business/centre/${m.id}/offers/new`} className="console-btn console-btn-secondary">
                    New offer
                  </Link>
                  <Link to={`/business/centre/${m.id}/analytics`} className="console-btn console-btn-secondary">
                    Analytics
                  </Link>
                  <Link to={`/business/centre/${m.id}/leads`} className="console-btn console-btn-secondary">
                    Leads
                  </Link>
                  <Link to={`/business/centre/${m.id}/locations`} className="console-btn console-btn-secondary">
                    Locations
                  </Link>
                  {m.role === 'owner' ? (
                    <>
                      <Link to={`/business/centre/${m.id}/team`} className="console-btn console-btn-secondary">
                        Team
                      </Link>
                      <Link to={`/business/centre/${m.id}/tills`} className="console-btn console-btn-secondary">
                        Tills
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
            </section>
          ))}
        </div>
      ) : (
        <p>This account is not on a business’s team any more. Ask LocalSaver for a new invitation.</p>
      )}
    </>
  );
}
