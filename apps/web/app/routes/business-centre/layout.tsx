// The business centre's shell (/business/centre/*, docs/api.md "Merchant centre"): a top bar with
// the signed-in person and Sign out, links to the account's businesses and to "Scan a coupon", and
// the page. The sign-in pages render without a session. It wears the console's stylesheets and
// nothing here is imported by the saver pages (docs/performance.md first-load JS). Never indexed.
import { Form, Link, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/layout';
import { BackOfficeDocument, BackOfficeErrorFrame, BackOfficeSignInShell, BackOfficeTopBar, type BackOffice } from '../../components/console/back-office-frame.tsx';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { CENTRE_HOME } from '../../lib/business/paths.ts';
import { MerchantMembershipList, type MerchantMembershipOut } from '@market/domain/api/merchant-centre';
import consoleStyles from '../../styles/console.css?url';
import consolePageStyles from '../../styles/console-pages.css?url';
import centreStyles from '../../styles/business-centre.css?url';

/** Pages a visitor without a session may open (the till page: a paired till needs no session). */
const SIGN_IN_PAGES = /^\/business\/centre\/(login|logout|invitation|enrol|till)\/?$/;

const BUSINESS_CENTRE_OFFICE: BackOffice = { home: CENTRE_HOME, name: 'Business centre' };

/** A business's pages in the navigation, by who opens them (docs/api.md "Merchant centre"). */
const BUSINESS_PAGES: ReadonlyArray<{ path: string; label: string; owners?: true }> = [
  { path: '', label: 'Offers' },
  { path: '/analytics', label: 'Analytics' },
  { path: '/leads', label: 'Leads' },
  { path: '/locations', label: 'Locations' },
  { path: '/photos', label: 'Photos' },
  { path: '/team', label: 'Team', owners: true },
  { path: '/tills', label: 'Tills', owners: true },
];

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: consoleStyles },
  { rel: 'stylesheet', href: consolePageStyles },
  { rel: 'stylesheet', href: centreStyles },
];

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex');
  return headers;
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return SIGN_IN_PAGES.test(currentUrl.pathname) !== SIGN_IN_PAGES.test(nextUrl.pathname) || defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<{ merchants: MerchantMembershipOut[] | null }> {
  if (SIGN_IN_PAGES.test(consolePageUrl(request).pathname)) return { merchants: null };
  // No session: to the sign-in page, coming back here.
  return { merchants: await centreApi(context, request).get('/api/merchant/', MerchantMembershipList) };
}

export default function BusinessCentreLayout({ loaderData }: Route.ComponentProps) {
  const { merchants } = loaderData;
  return <BackOfficeDocument>{merchants ? <CentreShell merchants={merchants} /> : <BackOfficeSignInShell office={BUSINESS_CENTRE_OFFICE} />}</BackOfficeDocument>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BackOfficeErrorFrame office={BUSINESS_CENTRE_OFFICE} error={error} />;
}




function CentreShell({ merchants }: { merchants: MerchantMembershipOut[] }) {
  const location = useLocation();
  const current = (href: string) => (location.pathname === href || (href !== CENTRE_HOME && location.pathname.startsWith(`${href}/`)) ? 'page' : undefined);
  return (
    <div className="console-shell">
      <BackOfficeTopBar office={BUSINESS_CENTRE_OFFICE}>
        <div className="console-user">
          <Form method="post" action="/business/centre/logout">
            <button type="submit" className="console-signout">
              Sign out
            </button>
          </Form>
        </div>
      </BackOfficeTopBar>
      <nav id="console-nav" className="console-nav" aria-label="Business centre" data-open="true">
        <ul>
          <li>
            <Link to={CENTRE_HOME} aria-current={current(CENTRE_HOME)}>
              Your businesses
            </Link>
          </li>
          {merchants
            .filter((m) => m.role !== 'cashier')
            .map((m) => (
              <li key={m.id}>
                <span className="centre-nav-business">{m.name}</span>
                <ul>
                  {BUSINESS_PAGES.filter((p) => !p.owners || m.role === 'owner').map((p) => {
                    const href = `${CENTRE_HOME}/${m.id}${p.path}`;
                    // Offers is the business's own address: its offer pages below it count, the other pages do not.
                    const here = p.path === '' ? location.pathname === href || location.pathname.startsWith(`${href}/offers`) : current(href) === 'page';
                    return (
                      <li key={p.path}>
                        <Link to={href} aria-current={here ? 'page' : undefined}>
                          {p.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          <li>
            <a href="/r/scan">Scan a coupon</a>
          </li>
        </ul>
      </nav>
      <main id="console-main" tabIndex={-1} className="console-main">
        <Outlet />
      </main>
    </div>
  );
}
