// The staff console's shell (/console/*): a top bar with the signed-in staff member and Sign out, a
// left navigation that folds behind a Menu button on a phone, and the page. The sign-in pages
// (login, invitation, authenticator set-up) render without a user. Its own stylesheet; nothing
// here is imported by the saver pages (docs/performance.md first-load JS). Never indexed.
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Form, Link, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/layout';
import { BackOfficeDocument, BackOfficeErrorFrame, BackOfficeSignInShell, BackOfficeTopBar, type BackOffice } from '../../components/console/back-office-frame.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { StaffMeOut } from '@market/domain/api/staff';
import { CONSOLE_HOME, isCurrentSection, ROLE_LABEL, sectionsFor } from '../../lib/console/sections.ts';
import consoleStyles from '../../styles/console.css?url';
import consolePageStyles from '../../styles/console-pages.css?url';

/** Pages a visitor without a staff session may open. */
const SIGN_IN_PAGES = /^\/console\/(login|logout|invitation|enrol)\/?$/;

const STAFF_CONSOLE_OFFICE: BackOffice = { home: CONSOLE_HOME, name: 'Staff console' };

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: consoleStyles },
  { rel: 'stylesheet', href: consolePageStyles },
];

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex');
  return headers;
}

/** Going between the sign-in pages and the rest changes who the shell is for: ask again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return SIGN_IN_PAGES.test(currentUrl.pathname) !== SIGN_IN_PAGES.test(nextUrl.pathname) || defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<{ me: StaffMeOut | null }> {
  if (SIGN_IN_PAGES.test(consolePageUrl(request).pathname)) return { me: null };
  // No session: to the sign-in page, coming back here (the server module's 401 handling).
  const me = await consoleApi(context, request).get('/api/console/me/', StaffMeOut);
  return { me };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { me } = loaderData;
  return <BackOfficeDocument>{me ? <ConsoleShell me={me} /> : <BackOfficeSignInShell office={STAFF_CONSOLE_OFFICE} />}</BackOfficeDocument>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BackOfficeErrorFrame office={STAFF_CONSOLE_OFFICE} error={error} />;
}




function ConsoleShell({ me }: { me: StaffMeOut }) {
  const location = useLocation();
  // The phone menu is open for the page it was opened on: a new page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const name = `${me.first_name} ${me.last_name}`.trim() || me.email;
  return (
    <div className="console-shell">
      <BackOfficeTopBar office={STAFF_CONSOLE_OFFICE}>
        <MenuToggle open={menuOpen} onToggle={() => setMenuOpenOn(menuOpen ? null : location.pathname)} />
        <div className="console-user">
          <p className="console-user-name">
            <strong>{name}</strong>
            <span className="console-role">{ROLE_LABEL[me.role]}</span>
          </p>
          <Form method="post" action="/console/logout">
            <button type="submit" className="console-signout">
              Sign out
            </button>
          </Form>
        </div>
      </BackOfficeTopBar>
      <nav id="console-nav" className="console-nav" aria-label="Console" data-open={menuOpen}>
        <ul>
          {sectionsFor(me.role).map((section) => (
            <li key={section.href}>
              <Link to={section.href} aria-current={isCurrentSection(section.href, location.pathname) ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="console-main" tabIndex={-1} className="console-main">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The phone's Menu button. A link to the navigation until the page's JavaScript runs (CSS shows
 * the navigation as the link's :target), then a button that opens and closes it in place.
 */
function MenuToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    onToggle();
  };
  return (
    <a
      href="#console-nav"
      role="button"
      className="console-menu-toggle"
      aria-controls="console-nav"
      aria-expanded={open}
      onClick={toggle}
      onKeyDown={(event) => {
        if (event.key === ' ') toggle(event);
      }}
    >
      Menu
    </a>
  );
}
