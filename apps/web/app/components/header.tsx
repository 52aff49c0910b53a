// Site header (SPEC.md 2 Header, 4 Header): logo linking home with the location query, search,
// location picker, Advertise (logged out), account area, 'Get Estimates' / 'Sign Up' for the
// home-pros variant outside the Twin Cities, 'Are you a Home Pro?', and the mobile 'Menu'.
// Transparent at the top and solid once scrolled; on home and special-edition pages the top bar
// hides after scrolling past the header height plus 100 px (500 px on the home-pros home). On
// phones a sticky header collapses to Menu, logo and search once scrolled (docs/decisions.md).
import { lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isSpecialEdition, type PageType } from '@market/domain/page-type';
import type { Brand } from '@market/domain/brand';
import { withLocationQuery, type UserGeo } from '@market/domain/user-geo';
import { EXTERNAL } from '../lib/content/site.ts';
import { LazyDialog } from './lazy-dialog.tsx';
import { latePart } from '../lib/ui/late-parts.tsx';
import { LocationDialog, LocationPicker } from './location-picker.tsx';
import { SearchBox } from './search-box.tsx';
import { greetingOf, useSession, type AuthState } from '../lib/member/session.tsx';

// The member's controls are drawn by the server when it knows the member (late-parts.tsx).
const MemberControls = latePart(() => import('./header-extras.tsx').then((m) => m.MemberControls));
const MobileMenuNav = lazy(() => import('./header-extras.tsx').then((m) => ({ default: m.MobileMenuNav })));

/** The collapsed phone header's height at most (its rows in app.css). */
const COMPACT_HEADER_MAX = 120;

interface HeaderProps {
  geo: UserGeo;
  brand: Brand;
  twinCities: boolean;
  pageType: PageType;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export function Header({ geo, brand, twinCities, pageType, menuOpen, onMenuOpenChange }: HeaderProps) {
  const session = useSession();
  const auth = session.auth;
  const loggedOut = auth === false;
  const homeProsPage = pageType === 'HomeImprovementHomePros';
  const homeProsVariant = twinCities || homeProsPage;
  const sticky = pageType !== 'Home';
  const hidesTopBar = pageType === 'Home' || isSpecialEdition(pageType);
  const ref = useRef<HTMLElement>(null);
  // An auth cookie (auth unknown) most likely means a member: fetch their controls meanwhile.
  useEffect(() => {
    if (auth === null) void import('./header-extras.tsx');
  }, [auth]);
  const [scrolled, setScrolled] = useState(false);
  const [topHidden, setTopHidden] = useState(false);
  const [compact, setCompact] = useState(false);
  // The whole header's height, measured while it is whole.
  const fullHeight = useRef(0);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      const header = ref.current;
      const height = header?.offsetHeight ?? 0;
      if (header && !header.classList.contains('compact')) fullHeight.current = height;
      setScrolled(y > 0);
      // Collapses (on phones, app.css) once the rows it drops have scrolled out of sight anyway.
      setCompact(sticky && y > fullHeight.current - COMPACT_HEADER_MAX);
      const extra = pageType === 'Home' && twinCities ? 500 : 100;
      setTopHidden(hidesTopBar && y > height + extra);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hidesTopBar, pageType, twinCities, sticky]);

  // The rows dropped by collapsing keep their space below the header, so nothing on the page
  // moves and the page never gets too short to stay scrolled.
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    header.style.marginBottom = compact ? `${Math.max(0, fullHeight.current - header.offsetHeight)}px` : '';
  }, [compact]);

  return (
    <header ref={ref} className={`site-header ${sticky ? 'sticky' : ''} ${scrolled ? 'scrolled' : 'at-top'} ${compact ? 'compact' : ''}`} data-page-type={pageType}>
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
              {auth ? (
                <MemberControls greeting={greetingOf(auth)} />
              ) : null}
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
        {/* Inside the dialog's own Suspense boundary: the dialog opens with its list. */}
        <MobileMenuNav
          geo={geo}
          auth={auth}
          close={close}
          onBrowseByLocation={() => {
            close();
            setLocationOpen(true);
          }}
        />
      </LazyDialog>
      <LocationDialog open={locationOpen} onOpenChange={setLocationOpen} geo={geo} />
    </>
  );
}
