// Site header (SPEC.md 2 Header, 4 Header): logo linking home with the location query, search,
// location picker, Advertise (logged out), account area, 'Get Estimates' / 'Sign Up' for the
// home-pros variant outside the Twin Cities, 'Are you a Home Pro?', and the mobile 'Menu'.
// Transparent at the top and solid once scrolled; on home and special-edition pages the top bar
// hides after scrolling past the header height plus 100 px (500 px on the home-pros home).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isSpecialEdition, type PageType } from '@market/domain/page-type';
import type { Brand } from '@market/domain/brand';
import { withLocationQuery, type UserGeo } from '@market/domain/user-geo';
import { EXTERNAL, MENU_CATEGORIES } from '../lib/site.ts';
import { LazyDialog } from './lazy-dialog.tsx';
import { LocationDialog, LocationPicker } from './location-picker.tsx';
import { SearchBox } from './search-box.tsx';
import { firstName, useMember } from '../lib/member.tsx';

const AccountMenu = lazy(() => import('./account-menu.tsx'));

export type AuthState = null | false | { id: number; name: string };

interface HeaderProps {
  geo: UserGeo;
  brand: Brand;
  twinCities: boolean;
  pageType: PageType;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export function Header({ geo, brand, twinCities, pageType, menuOpen, onMenuOpenChange }: HeaderProps) {
  const member = useMember();
  const auth = member.auth;
  const loggedOut = auth === false;
  const homeProsPage = pageType === 'HomeImprovementHomePros';
  const homeProsVariant = twinCities || homeProsPage;
  const sticky = pageType !== 'Home';
  const hidesTopBar = pageType === 'Home' || isSpecialEdition(pageType);
  const ref = useRef<HTMLElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const [topHidden, setTopHidden] = useState(false);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setScrolled(y > 0);
      const height = ref.current?.offsetHeight ?? 0;
      const extra = pageType === 'Home' && twinCities ? 500 : 100;
      setTopHidden(hidesTopBar && y > height + extra);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hidesTopBar, pageType, twinCities]);

  return (
    <header ref={ref} className={`site-header ${sticky ? 'sticky' : ''} ${scrolled ? 'scrolled' : 'at-top'}`} data-page-type={pageType}>
      <div className={`top-bar ${topHidden ? 'hidden' : ''}`}>
        <div className="container top-bar-inner">
          {homeProsVariant ? (
            <Link to="/business?category=homepros" className="top-link">
              Are you a Home Pro?
            </Link>
          ) : (
            <span className="top-tagline">{brand.tagline}</span>
          )}
          <nav aria-label="Account" className="top-actions">
            {homeProsVariant ? (
              <a href={EXTERNAL.estimates} className="btn btn-small btn-outline" rel="noopener">
                Get Estimates
              </a>
            ) : null}
            {homeProsPage && !twinCities && loggedOut ? (
              <Link to="/membership" className="btn btn-small btn-primary">
                Sign Up
              </Link>
            ) : null}
            {loggedOut ? (
              <Link to="/business" className="top-link">
                Advertise
              </Link>
            ) : null}
            <div className="account-area" data-auth={auth === null ? 'unknown' : auth ? 'in' : 'out'}>
              {loggedOut ? (
                <>
                  <Link to="/login" className="top-link only-wide">
                    Sign In
                  </Link>
                  {/* SPEC.md 2 Login and sign-up: narrow screens show 'Join Now' linking /login. */}
                  <Link to="/login" className="top-link only-narrow">
                    Join Now
                  </Link>
                </>
              ) : null}
              {auth ? <MemberControls name={auth.name} /> : null}
            </div>
          </nav>
        </div>
      </div>
      <div className="main-bar">
        <div className="container main-bar-inner">
          <MobileMenu open={menuOpen} onOpenChange={onMenuOpenChange} geo={geo} auth={auth} />
          <Link to={withLocationQuery('/', geo)} className="logo-link" aria-label={`${brand.siteName} home`}>
            <img src={brand.logo} alt={brand.siteName} width={160} height={36} className="logo" />
          </Link>
          <SearchBox geo={geo} twinCities={twinCities} />
          <LocationPicker geo={geo} />
        </div>
      </div>
    </header>
  );
}

/** Mobile menu (SPEC.md 2): account entry, 'Coupons & Offers' browse list, 'Browse By Location', blog. */
/**
 * Logged-in header controls (SPEC.md 2 Header): greeting, the 'Saved' button with the number of
 * saved items (opens the saved drawer), and the account dropdown.
 */
function MemberControls({ name }: { name: string }) {
  const member = useMember();
  const navigate = useNavigate();
  const count = member.saved?.count;
  const first = firstName(name);
  const signOut = () => {
    member.signOut();
    void navigate('/');
  };
  return (
    <>
      <span className="greeting">Hi, {first}</span>
      <button type="button" className="btn btn-small btn-primary saved-button" aria-haspopup="dialog" onClick={() => member.setDrawerOpen(true)}>
        Saved <span className="saved-count">{count ?? '…'}</span>
        <span className="visually-hidden">{count === 1 ? ' saved item' : ' saved items'}</span>
      </button>
      <Suspense
        fallback={
          <button type="button" className="btn btn-small btn-outline account-trigger" disabled>
            My Account <span aria-hidden="true">▾</span>
          </button>
        }
      >
        <AccountMenu label="My Account" onSignOut={signOut} />
      </Suspense>
    </>
  );
}

/** Mobile menu 'Sign Out' (SPEC.md 2): clears the logged-in state and goes to /. */
function SignOutButton({ className, onDone }: { className: string; onDone: () => void }) {
  const member = useMember();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onDone();
        member.signOut();
        void navigate('/');
      }}
    >
      Sign Out
    </button>
  );
}

function MobileMenu({ open, onOpenChange, geo, auth }: { open: boolean; onOpenChange: (open: boolean) => void; geo: UserGeo; auth: AuthState }) {
  const [locationOpen, setLocationOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => onOpenChange(false);
  return (
    <>
      <button ref={button} type="button" className="menu-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => onOpenChange(true)}>
        <span aria-hidden="true" className="burger" />
        Menu
      </button>
      <LazyDialog open={open} onOpenChange={onOpenChange} title="Menu" closeLabel="Close menu" className="sheet side-sheet mobile-menu" returnFocus={button}>
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
            onClick={() => {
              close();
              setLocationOpen(true);
            }}
          >
            Browse By Location
          </button>
          <Link to="/blog" onClick={close} className="menu-link">
            Blog
          </Link>
        </nav>
      </LazyDialog>
      <LocationDialog open={locationOpen} onOpenChange={setLocationOpen} geo={geo} />
    </>
  );
}
