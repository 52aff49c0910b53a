// Header parts drawn only in the browser, loaded when first drawn (first-load JS,
// docs/performance.md): the logged-in controls (SPEC.md 2 Header: greeting, 'Saved', account
// dropdown) and the mobile menu's list (SPEC.md 2: account entry, 'Coupons & Offers',
// 'Browse By Location', blog).
import { latePart } from '../lib/ui/late-parts.tsx';
import { Link, useNavigate } from 'react-router';
import { MAIN_CATEGORIES } from '@market/domain/categories';
import { withLocationQuery, type UserGeo } from '@market/domain/user-geo';
import { EXTERNAL } from '../lib/content/site.ts';
import { useSavedDrawer } from '../lib/member/saved-drawer-state.tsx';
import { useSaved } from '../lib/member/saved.tsx';
import { useSession } from '../lib/member/session.tsx';
import type { AuthState } from '../lib/member/session.tsx';

/** Category entries of the mobile menu (SPEC.md 2 Mobile menu): the contests category goes to the external contest page. */
const MENU_CATEGORIES = MAIN_CATEGORIES.map((c) => ({ slug: c.slug, label: c.display, href: c.slug === 'contests' ? EXTERNAL.contests : `/browse/${c.slug}`, external: c.slug === 'contests' }));

// Its trigger stands in, disabled, until the menu's code arrives (late-parts.tsx).
const AccountMenu = latePart(() => import('./account-menu.tsx').then((m) => m.default), {
  fallback: () => (
    <button type="button" className="btn btn-small btn-outline account-trigger" disabled>
      My Account <span aria-hidden="true">▾</span>
    </button>
  ),
});

/**
 * Logged-in header controls (SPEC.md 2 Header): greeting, the 'Saved' button with the number of
 * saved items (opens the saved drawer), and the account dropdown.
 */
export function MemberControls({ greeting }: { greeting: string }) {
  const saves = useSaved();
  const session = useSession();
  const drawer = useSavedDrawer();
  const navigate = useNavigate();
  const count = saves.saved?.count;
  const signOut = () => {
    session.signOut();
    void navigate('/');
  };
  return (
    <>
      <span className="greeting">Hi, {greeting}</span>
      <button type="button" className="btn btn-small btn-primary saved-button" aria-haspopup="dialog" onClick={() => drawer.setDrawerOpen(true)}>
        Saved <span className="saved-count">{count ?? '…'}</span>
        <span className="visually-hidden">{count === 1 ? ' saved item' : ' saved items'}</span>
      </button>
      <AccountMenu label="My Account" onSignOut={signOut} />
    </>
  );
}

/** Mobile menu 'Sign Out' (SPEC.md 2): clears the logged-in state and goes to /. */
function SignOutButton({ className, onDone }: { className: string; onDone: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onDone();
        session.signOut();
        void navigate('/');
      }}
    >
      Sign Out
    </button>
  );
}

/** The mobile menu's list (SPEC.md 2). */
export function MobileMenuNav({ geo, auth, close, onBrowseByLocation }: { geo: UserGeo; auth: AuthState; close: () => void; onBrowseByLocation: () => void }) {
  return (
    <nav aria-label="Mobile menu">
      {auth ? (
        <>
          <Link to="/user/account" onClick={close} className="menu-link">
            My Account
          </Link>
          <SignOutButton className="menu-link as-button" onDone={close} />
        </>
      ) : auth === false ? (
        <Link to="/signup" onClick={close} className="menu-link strong">
          Sign Up
        </Link>
      ) : null}
      <h2 className="menu-heading">Coupons &amp; Offers</h2>
      <ul className="menu-list">
        <li>
          <Link to={withLocationQuery('/browse/all', geo)} onClick={close} className="menu-link">
            See All
          </Link>
        </li>
        {MENU_CATEGORIES.map((c) => (
          <li key={c.slug}>
            {c.external ? (
              <a href={c.href} className="menu-link" rel="noopener">
                {c.label}
              </a>
            ) : (
              <Link to={withLocationQuery(c.href, geo)} onClick={close} className="menu-link">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="menu-link as-button"
        onClick={onBrowseByLocation}
      >
        Browse By Location
      </button>
      <Link to="/blog" onClick={close} className="menu-link">
        Blog
      </Link>
    </nav>
  );
}
