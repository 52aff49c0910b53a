// Home (SPEC.md 2 Home): the coupon home, or inside the Twin Cities area the home-pros home
// (layout rule of SPEC.md 9). Coupon home: logged-out hero (logo, search with 'Find Deals',
// browse buttons, banner by state, one of six hero images), 'Explore Coupons and Offers', callout
// carousel, recommended offers (4, 'See All'), offers near you, contest banner, and the three
// logged-out blocks. Home-pros home: hero search, category tabs, spotlight carousel, two calls to
// action.
import { latePart } from '../lib/ui/late-parts.tsx';
import { Link, useLoaderData } from 'react-router';
import { locationLabel } from '@market/domain/location-label';
import { servingMarket } from '@market/domain/markets';
import { homeLayoutFor } from '@market/domain/places';
import { withLocationQuery, type UserGeo } from '@market/domain/user-geo';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/home';
import { CalloutCarousel, SpotlightCarousel } from '../components/carousels.tsx';
import { OfferGrid } from '../components/offer-card.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import type { Contest, OfferListItem } from '../lib/api/api-types.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange, modalHref } from '../lib/ui/modal-links.ts';
import { BROWSE_BUTTONS, HERO_BANNER_TEXT, HERO_IMAGES, heroBannerState } from '../lib/content/site.ts';
import { useRootData } from '../root.tsx';
import { greetingOf, useSession } from '../lib/member/session.tsx';
import { BRANDS } from '@market/domain/brand';

// The home-pros tabs (Radix Tabs and the category lists): the server loads the module before
// any render and draws them in place; in the browser it loads only when the Twin Cities home is
// drawn, and the server's markup stays as it is until then (a Suspense boundary hydrates when the
// code arrives). The coupon home never loads it (first-load JS, docs/performance.md).
// `import.meta.env.SSR` is false in the browser build, where the first branch drops out.
const loadTabs = () => import('../components/category-tabs.tsx');
const serverTabs = import.meta.env.SSR ? await loadTabs() : null;
const CategoryTabs = latePart(() => loadTabs().then((m) => m.CategoryTabs), { onServer: () => serverTabs?.CategoryTabs ?? null });

// The same for the choice of markets (drawn only outside the four markets) and for the member's
// own recommendations (asked for only once a member is signed in): neither is in the home page's
// first-load JS; until the code arrives the server's markup (the place's recommendations) stays.
const loadMarketChoice = () => import('../components/market-choice.tsx');
const serverMarketChoice = import.meta.env.SSR ? await loadMarketChoice() : null;
const MarketChoice = latePart(() => loadMarketChoice().then((m) => m.MarketChoice), { onServer: () => serverMarketChoice?.MarketChoice ?? null });
const loadMemberRecommended = () => import('../components/member-recommended.tsx');
const serverMemberRecommended = import.meta.env.SSR ? await loadMemberRecommended() : null;
// Until its code arrives after a sign-in the place's recommendations stay in its place.
const MemberRecommended = latePart(() => loadMemberRecommended().then((m) => m.MemberRecommended), {
  onServer: () => serverMemberRecommended?.MemberRecommended ?? null,
  fallback: ({ initial, children }) => children(initial),
});

export const loader = withApiErrors(async ({ request, context }: Route.LoaderArgs) => {
  const { geo } = await visitorGeo(request, context);
  const api = apiFrom(context);
  const layout = homeLayoutFor(geo);
  if (layout === 'homepros') {
    const spotlight = await api.spotlight(geo);
    return { layout, outside: false, spotlight, callouts: [], recommended: [], nearby: [], featured: null as FeaturedBanner | null, heroIndex: 0 };
  }
  const market = servingMarket(geo);
  if (!market) {
    // Outside the four markets every list would be empty: the page offers a choice of markets.
    return { layout, outside: true, spotlight: [], callouts: [], recommended: [], nearby: [], featured: null as FeaturedBanner | null, heroIndex: 0 };
  }
  // SPEC.md 7: callouts by the visitor's state; a point without one takes its market's.
  const calloutState = geo.state || market.state;
  const [callouts, recommended, featured] = await Promise.all([api.callouts(calloutState), api.recommendations(geo), api.featuredContest(geo)]);
  // SPEC.md 7: a second 4-item lookup by location, without the offers already recommended.
  const nearby = await api.entities(geo, { limit: 4, exclude: recommended.map((o) => o.entitiable_id) });
  // SPEC.md 2: the hero image is random from six; chosen here so server and browser agree.
  const heroIndex = Math.floor(Math.random() * HERO_IMAGES.length);
  return { layout, outside: false, spotlight: [], callouts, recommended, nearby, featured: featured && bannerOf(featured), heroIndex };
});

/**
 * What the contest banner shows: the page data carries no more of the contest
 * (docs/performance.md).
 */
type FeaturedBanner = { entity_id: number; contest: Pick<Contest['contest'], 'banner' | 'display_name'> };

function bannerOf(contest: Contest): FeaturedBanner {
  return { entity_id: contest.entity_id, contest: { banner: contest.contest.banner, display_name: contest.contest.display_name } };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  if (args.error) return errorPageMeta(args);
  const homePros = args.loaderData?.layout === 'homepros';
  return buildMeta(args, {
    title: '',
    path: '/',
    description: homePros
      ? 'Get the right professional: certified local home pros, estimates and savings in the Twin Cities.'
      : 'Live Life for Less: local coupons, offers and contests from businesses near you in Michigan, Illinois, Minnesota and Florida.',
    image: HERO_IMAGES[0],
  });
}

function BrowseButtons({ geo }: { geo: UserGeo }) {
  return (
    <ul className="browse-buttons">
      {BROWSE_BUTTONS.map((b) => (
        <li key={b.slug}>
          {b.external ? (
            <a href={b.href} className="browse-button" data-icon={b.icon} rel="noopener">
              {b.label}
            </a>
          ) : (
            <Link to={withLocationQuery(b.href, geo)} className="browse-button" data-icon={b.icon}>
              {b.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function ContestBanner({ contest }: { contest: FeaturedBanner }) {
  const root = useRootData();
  const location = { pathname: '/', search: new URLSearchParams(withLocationQuery('/', root.geo).split('?')[1] ?? '').toString() };
  return (
    <section className="contest-banner" aria-labelledby="contest-banner-heading">
      {contest.contest.banner ? <img src={contest.contest.banner} alt="" width={960} height={240} loading="lazy" /> : null}
      <div>
        <p className="eyebrow">Featured Contest</p>
        <h2 id="contest-banner-heading">{contest.contest.display_name}</h2>
        <Link to={modalHref(location, 'c', contest.entity_id)} preventScrollReset state={{ modalFromList: true }} className="btn btn-primary">
          Enter to Win
        </Link>
      </div>
    </section>
  );
}

function RecommendedOffers({ offers }: { offers: OfferListItem[] }) {
  return offers.length ? <OfferGrid offers={offers} label="Recommended offers" /> : <p className="empty">We don't have recommendations for you yet. Browse all offers to find something you like.</p>;
}

function CouponHome({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const root = useRootData();
  const geo = root.geo;
  const session = useSession();
  const loggedOut = session.auth === false;
  const bannerState = heroBannerState(geo);
  const brand = BRANDS[root.brandId];
  return (
    <>
      {loggedOut ? (
        <section className="hero" aria-labelledby="hero-heading" data-state={bannerState}>
          <img src={HERO_IMAGES[data.heroIndex] ?? HERO_IMAGES[0]} alt="" className="hero-image" width={1280} height={480} />
          <div className="container hero-inner">
            <img src={brand.logo} alt="" className="hero-logo" width={200} height={44} />
            <h1 id="hero-heading">{brand.tagline}</h1>
            <p className="hero-question">What will you save today?</p>
            <SearchBox geo={geo} twinCities={false} buttonLabel="Find Deals" id="hero-search" />
            {bannerState ? (
              <p className="hero-banner" data-banner-state={bannerState}>
                <img src={`/media/banners/${bannerState.toLowerCase()}.svg`} alt="" width={40} height={40} /> {HERO_BANNER_TEXT[bannerState]}
              </p>
            ) : null}
          </div>
        </section>
      ) : (
        <h1 className="visually-hidden">{brand.tagline}</h1>
      )}
      <div className="container page">
        {session.auth ? <p className="home-greeting">Hi, {greetingOf(session.auth)}</p> : null}
        {data.outside ? (
          <MarketChoice geo={geo} />
        ) : (
          <>
            <section aria-labelledby="explore-heading">
              <h2 id="explore-heading">Explore Coupons and Offers</h2>
              <BrowseButtons geo={geo} />
            </section>
            <CalloutCarousel callouts={data.callouts} geo={geo} />
            <section aria-labelledby="recommended-heading" className="section">
              <div className="section-head">
                <h2 id="recommended-heading">Recommended Offers {locationLabel(geo)}</h2>
                <Link to={withLocationQuery('/browse/all', geo)}>See All</Link>
              </div>
              {session.auth ? (
                <MemberRecommended initial={data.recommended} geo={geo}>
                  {(offers) => <RecommendedOffers offers={offers} />}
                </MemberRecommended>
              ) : (
                <RecommendedOffers offers={data.recommended} />
              )}
            </section>
            <section aria-labelledby="nearby-heading" className="section">
              <h2 id="nearby-heading">Offers Near You</h2>
              {data.nearby.length ? <OfferGrid offers={data.nearby} label="Offers near you" /> : <p className="empty">No offers in your area</p>}
            </section>
          </>
        )}
        {data.featured ? <ContestBanner contest={data.featured} /> : null}
        {loggedOut ? (
          <section className="promo-blocks" aria-label="Join us">
            <article className="promo">
              <h2>Join as a Member</h2>
              <p>Save coupons, enter contests and get deals picked for you. It's free.</p>
              <Link to="/membership" className="btn btn-primary">
                Sign Up
              </Link>
            </article>
            <article className="promo">
              <h2>Become a Business Partner</h2>
              <p>Reach local savers in print and online.</p>
              <Link to="/business" className="btn btn-primary">
                Become a Partner
              </Link>
            </article>
            <article className="promo">
              <h2>Careers</h2>
              <p>Help local businesses grow. We're hiring.</p>
              <Link to="/careers" className="btn btn-primary">
                Apply Today
              </Link>
            </article>
          </section>
        ) : null}
      </div>
    </>
  );
}

function HomeProsHome({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const root = useRootData();
  const geo = root.geo;
  return (
    <>
      <section className="hero homepros-hero" aria-labelledby="hero-heading">
        <div className="container hero-inner">
          <h1 id="hero-heading">Get the right professional</h1>
          <p className="hero-question">What will you improve today?</p>
          <SearchBox geo={geo} twinCities buttonLabel="GO" id="hero-search" />
        </div>
      </section>
      <div className="container page">
        <section aria-labelledby="tabs-heading" className="section">
          <h2 id="tabs-heading">Find a Pro by Category</h2>
          <CategoryTabs geo={geo} />
        </section>
        <section aria-labelledby="spotlight-heading" className="section">
          <h2 id="spotlight-heading">Local Pros in the Spotlight</h2>
          <SpotlightCarousel merchants={data.spotlight} />
        </section>
        <section className="promo-blocks two" aria-label="Get started">
          <article className="promo">
            <h2>Become a Member</h2>
            <p>Create a free account for savings on qualified HomePros.</p>
            <Link to="/membership" className="btn btn-primary">
              Become a Member
            </Link>
          </article>
          <article className="promo">
            <h2>Get Certified</h2>
            <p>Certified pros are licensed where required, bonded when needed and insured.</p>
            <Link to="/business/certification" className="btn btn-primary">
              Get Certified
            </Link>
          </article>
        </section>
      </div>
    </>
  );
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return data.layout === 'homepros' ? <HomeProsHome data={data} /> : <CouponHome data={data} />;
}
