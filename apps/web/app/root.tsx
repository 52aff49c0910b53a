// The document: brand (decided on the server from the visitor's place, SPEC.md 1), header,
// footer, cookie banner and sign-up prompt around every page.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router';
import { BRANDS, brandFor } from '@market/domain/brand';
import { isTwinCitiesArea } from '@market/domain/markets';
import { detectPageType } from '@market/domain/page-type';
import { DEFAULT_USER_GEO, type UserGeo } from '@market/domain/user-geo';
import type { Route } from './+types/root';
import { Header } from './components/header.tsx';
import { Footer } from './components/footer.tsx';
import { CookieBanner } from './components/cookie-banner.tsx';
import { SignupPrompt } from './components/signup-prompt.tsx';
import { MemberOverlays } from './components/member-overlays.tsx';
import { useAuthDialog } from './lib/member/auth-dialog-state.tsx';
import { MemberProvider } from './lib/member/member.tsx';
import { useSession, type AuthState } from './lib/member/session.tsx';
import { ErrorPage } from './components/error-page.tsx';
import { AUTH_COOKIE, CLOSED_SIGNUP_COOKIE, CONSENT_COOKIE, geoCookie, parseCookies, SIGNED_UP_COOKIE } from './lib/server/cookies.server.ts';
import { visitorGeo } from './lib/server/geo.server.ts';
import { isAccountPath, isBusinessPath, isConsolePath } from './lib/content/site.ts';
import { webRequestContext } from './lib/server/request-context.ts';
import { whenPartsSettled } from './lib/ui/late-parts.tsx';
import './styles/app.css';
import './styles/member.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl, secureCookies } = context.get(webRequestContext);
  // The staff console draws none of the saver's place, brand or member parts: no place lookup.
  // (A client-side navigation's data request names the page with `.data` added.)
  if (isConsolePath(new URL(request.url).pathname.replace(/\.data$/, ''))) return data({ ...CONSOLE_ROOT_DATA, publicUrl });
  const cookies = parseCookies(request.headers.get('cookie'));
  const visitor = await visitorGeo(request, context);
  const headers = new Headers();
  if (visitor.store) headers.append('Set-Cookie', geoCookie(visitor.saved, secureCookies));
  // SPEC.md 4: authentication starts unknown (null); without an auth cookie it is known to be false.
  const auth: AuthState = cookies.has(AUTH_COOKIE) ? null : false;
  return data(
    {
      geo: visitor.geo,
      savedGeo: visitor.saved,
      geoSource: visitor.source,
      brandId: brandFor(visitor.geo).id,
      twinCities: isTwinCitiesArea(visitor.geo),
      auth,
      consent: cookies.has(CONSENT_COOKIE),
      signupPromptEligible: !cookies.has(SIGNED_UP_COOKIE) && !cookies.has(CLOSED_SIGNUP_COOKIE),
      publicUrl,
    },
    { headers },
  );
}

const CONSOLE_ROOT_DATA = {
  geo: DEFAULT_USER_GEO,
  savedGeo: DEFAULT_USER_GEO,
  geoSource: 'default' as const,
  brandId: 'default' as const,
  twinCities: false,
  auth: false as AuthState,
  consent: true,
  signupPromptEligible: false,
};

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

interface UiState {
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
}

const UiContext = createContext<UiState>({ menuOpen: false, setMenuOpen: () => {} });

/** Menus and modals (SPEC.md 4): opening an offer modal closes the menus. */
export function useUi(): UiState {
  return useContext(UiContext);
}

/** The root loader's data, for pages and components. */
export function useRootData(): RootData {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    root ?? {
      geo: DEFAULT_USER_GEO,
      savedGeo: DEFAULT_USER_GEO,
      geoSource: 'default',
      brandId: 'default',
      twinCities: false,
      auth: false,
      consent: true,
      signupPromptEligible: false,
      publicUrl: '',
    }
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const brand = BRANDS[root.brandId];
  const geo: UserGeo = root.geo;
  const pageType = detectPageType(location.pathname, geo.state);
  useServiceWorker();
  useHydrationMark();
  return (
    <html lang="en" data-brand={brand.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.accent} />
        <link rel="icon" href={brand.favicon} type="image/svg+xml" />
        <link rel="manifest" href={brand.id === 'default' ? '/manifest.webmanifest' : `/manifest.webmanifest?brand=${brand.id}`} />
        <link rel="apple-touch-icon" href={brand.id === 'default' ? '/brand/apple-touch-icon.png' : `/brand/apple-touch-icon-${brand.id}.png`} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The staff console brings its own shell, styles and landmarks (routes/console/layout.tsx). */}
        {isConsolePath(location.pathname) ? (
          children
        ) : (
          <>
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            <MemberProvider initialAuth={root.auth}>
              <UiContext.Provider value={{ menuOpen, setMenuOpen }}>
                <Header geo={geo} brand={brand} twinCities={root.twinCities} pageType={pageType} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} />
                <main id="main" tabIndex={-1}>
                  {children}
                </main>
                <Footer brand={brand} twinCities={root.twinCities} isBusiness={isBusinessPath(location.pathname)} />
                {root.consent ? null : <CookieBanner />}
                <MemberSignupPrompt eligible={root.signupPromptEligible} twinCities={root.twinCities} />
                <MemberOverlays twinCities={root.twinCities} state={geo.state} />
              </UiContext.Provider>
            </MemberProvider>
          </>
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`), so that browser
 * journeys and monitors can tell when the page answers clicks; it changes nothing a visitor sees.
 * Parts whose code loads after the first-load files (a deep link's modal, the home tabs) hydrate
 * later than the top level: the mark says `top` until they have hydrated too, then `true`
 * (late-parts.tsx).
 */
function useHydrationMark() {
  useEffect(() => {
    // "top": the top level answers; "true": so do the parts drawn by the server.
    document.documentElement.dataset.hydrated = 'top';
    whenPartsSettled(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
}

/**
 * Registers the service worker (service-worker/sw.ts) once the page has loaded, so it never
 * competes with the page's own files; the production build makes /sw.js, `npm run dev` does not.
 */
function useServiceWorker() {
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    const register = () => void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker not registered', error));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, []);
}

/**
 * The sign-up prompt is for visitors known to be logged out (SPEC.md 4) who are browsing: not on
 * the pages where they sign in, sign up or recover an account, not while the auth modal or the
 * Personalize modal that follows a sign-up is open (docs/decisions.md).
 */
function MemberSignupPrompt({ eligible, twinCities }: { eligible: boolean; twinCities: boolean }) {
  const { auth } = useSession();
  const { authDialog } = useAuthDialog();
  const location = useLocation();
  const personalizing = new URLSearchParams(location.search).get('personalize') === 'true';
  const browsing = !isAccountPath(location.pathname) && !personalizing && !authDialog.open;
  return <SignupPrompt eligible={eligible && auth === false && browsing} twinCities={twinCities} />;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
