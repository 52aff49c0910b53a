// The frame the two back offices share (the staff console and the business centre): the document
// wrapper with its skip link, the top bar with the product's name, the sign-in pages' shell and the
// error page. Each layout adds its own navigation inside the top bar and beside the page.
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ConsoleErrorPage } from './console-error.tsx';

/** Which back office: where its brand links to and what it is called in the top bar. */
export interface BackOffice {
  home: string;
  name: string;
}

/** The page wrapper: never indexed, a skip link to the main content. */
export function BackOfficeDocument({ children }: { children: ReactNode }) {
  return (
    <div className="console-root">
      <meta name="robots" content="noindex" />
      <a href="#console-main" className="console-skip">
        Skip to content
      </a>
      {children}
    </div>
  );
}

export function BackOfficeTopBar({ office, children }: { office: BackOffice; children?: ReactNode }) {
  return (
    <header className="console-topbar">
      <Link to={office.home} className="console-brand">
        LocalSaver <span>{office.name}</span>
      </Link>
      {children}
    </header>
  );
}

/** The sign-in pages (no session): the top bar and the page. */
export function BackOfficeSignInShell({ office }: { office: BackOffice }) {
  return (
    <div className="console-auth">
      <BackOfficeTopBar office={office} />
      <main id="console-main" tabIndex={-1} className="console-auth-main">
        <Outlet />
      </main>
    </div>
  );
}

/** A layout's ErrorBoundary: the error page in the sign-in frame. */
export function BackOfficeErrorFrame({ office, error }: { office: BackOffice; error: unknown }) {
  return (
    <BackOfficeDocument>
      <div className="console-auth">
        <BackOfficeTopBar office={office} />
        <main id="console-main" tabIndex={-1} className="console-auth-main">
          <div className="console-card console-card-wide">
            <ConsoleErrorPage error={error} />
          </div>
        </main>
      </div>
    </BackOfficeDocument>
  );
}
