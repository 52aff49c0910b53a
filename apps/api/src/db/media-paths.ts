// Paths of the locally generated images (no external image host). The seed
// stores these paths; the media routes answer them with SVG.
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES, OTHER_MAIN_SLUGS } from '@market/domain/categories';

/** SPEC.md 2: the hero image is random from 6 images. */
export const HERO_COUNT = 6;
/** SPEC.md 2: a banner image by state (MI for Detroit, IL for Chicago, MN for Twin Cities, default MI). */
export const BANNER_STATES = ['mi', 'il', 'mn', 'fl'] as const;
/** SPEC.md 2: special-edition headers carry an image. */
export const HEADER_TYPES = ['automotive', 'home-improvement', 'home-pros', 'contests'] as const;

/** The scenes of a business's place the seed's merchant photos show (media routes /media/places/). */
export const PLACE_SCENES = ['storefront', 'inside', 'counter'] as const;
export type PlaceSceneName = (typeof PLACE_SCENES)[number];

export type BannerState = (typeof BANNER_STATES)[number];
export type HeaderType = (typeof HEADER_TYPES)[number];

export const CATEGORY_IMAGE_SLUGS: readonly string[] = [
  ...new Set([...MAIN_CATEGORIES.map((c) => c.slug), ...OTHER_MAIN_SLUGS, ...HOME_PROS_CATEGORIES.map((c) => c.slug)]),
];

export interface CalloutDesign {
  key: string;
  title: string;
  subtitle: string;
  /** A category slug whose motif the image shows. */
  motif: string;
  hue: number;
}

/** The promotional callout images (SPEC.md 3 Callouts); the seed links each to a page. */
export const CALLOUT_DESIGNS: readonly CalloutDesign[] = [
  { key: 'michigan-home-savings', title: 'Fall Into Home Savings', subtitle: 'Michigan home pros, up to $1,000 off', motif: 'home-improvement', hue: 24 },
  { key: 'michigan-car-deals', title: 'Michigan Car Deals', subtitle: 'Lease and purchase offers near you', motif: 'auto-transportation', hue: 210 },
  { key: 'detroit-eats', title: 'Metro Detroit Eats', subtitle: 'Coneys, pizza and more for less', motif: 'food-dining', hue: 4 },
  { key: 'chicago-pizza-week', title: 'Chicago Pizza Week', subtitle: 'Deep dish, thin crust, all on sale', motif: 'food-dining', hue: 14 },
  { key: 'chicago-spa-days', title: 'Spa Days in Chicagoland', subtitle: 'Relax for less this season', motif: 'health-beauty', hue: 300 },
  { key: 'chicago-family-fun', title: 'Family Fun Chicago', subtitle: 'Bowling, zoos and arcades', motif: 'travel-entertainment', hue: 265 },
  { key: 'twin-cities-home-pros', title: 'Get the Right Professional', subtitle: 'Certified Twin Cities home pros', motif: 'home-improvement', hue: 140 },
  { key: 'twin-cities-dining', title: 'Twin Cities Dining Deals', subtitle: 'Minneapolis and Saint Paul favorites', motif: 'food-dining', hue: 160 },
  { key: 'twin-cities-certified', title: 'Are You a Home Pro?', subtitle: 'Get certified and get found', motif: 'service-repair', hue: 120 },
  { key: 'florida-sunshine-savings', title: 'Sunshine State Savings', subtitle: 'Tampa, Orlando, Miami, Jacksonville', motif: 'retail-fashion', hue: 42 },
  { key: 'florida-ac-tune-ups', title: 'Beat the Heat', subtitle: 'A/C tune-ups from $69', motif: 'service-repair', hue: 190 },
  { key: 'florida-fun', title: 'Florida Family Fun', subtitle: 'Parks, golf and attractions', motif: 'travel-entertainment', hue: 330 },
  { key: 'print-anywhere', title: 'Print or Save Your Coupons', subtitle: 'Live Life for Less', motif: 'special-services', hue: 178 },
  { key: 'enter-contests', title: 'Enter Our Contests', subtitle: 'New prizes every month', motif: 'contests', hue: 48 },
  { key: 'become-member', title: 'Become a Member', subtitle: 'Save offers and redeem on the go', motif: 'special-services', hue: 190 },
  { key: 'advertise', title: 'Grow Your Business', subtitle: 'Advertise with us in print and online', motif: 'retail-fashion', hue: 222 },
  { key: 'live-life-for-less', title: 'Live Life for Less', subtitle: 'Local coupons, offers and contests', motif: 'food-dining', hue: 178 },
  { key: 'browse-home-pros', title: 'Home Pros Near You', subtitle: 'Estimates from trusted contractors', motif: 'home-improvement', hue: 150 },
];

export const mediaPaths = {
  logo: (merchantSlug: string) => `/media/logos/${merchantSlug}.svg`,
  offer: (offerId: number) => `/media/offers/${offerId}.svg`,
  contestBanner: (contestSlug: string) => `/media/contests/${contestSlug}/banner.svg`,
  contestPicture: (contestSlug: string) => `/media/contests/${contestSlug}/picture.svg`,
  callout: (key: string) => `/media/callouts/${key}.svg`,
  hero: (n: number) => `/media/hero/${n}.svg`,
  banner: (state: BannerState) => `/media/banners/${state}.svg`,
  header: (type: HeaderType) => `/media/headers/${type}.svg`,
  category: (slug: string) => `/media/categories/${slug}.svg`,
  place: (merchantSlug: string, scene: PlaceSceneName) => `/media/places/${merchantSlug}/${scene}.svg`,
};
