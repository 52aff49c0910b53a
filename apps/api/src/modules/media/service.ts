// The generated images (no external image host): each function answers the SVG text of one image or
// throws not found. Static designs need no database; names and headlines come from it.
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES, OTHER_MAIN_SLUGS } from '@market/domain/categories';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { CALLOUT_DESIGNS } from '../../db/media-paths.ts';
import { findContestArtBySlug, findMerchantNameBySlug, findOfferArtById } from './repository.ts';
import { readStoredImage } from './lib/uploaded-images.ts';
import { bannerSvg, calloutSvg, categorySvg, contestBannerSvg, contestPictureSvg, headerSvg, heroSvg, logoSvg, offerSvg } from './lib/svg.ts';

const HOME_PROS_GROUPS = new Set(HOME_PROS_CATEGORIES.map((c) => c.slug));

/** A merchant's logo: its initials on a colour taken from its name. */
export async function merchantLogo(deps: Pick<AppDeps, 'db'>, slug: string): Promise<string> {
  const name = await findMerchantNameBySlug(deps.db.db, slug);
  if (name === undefined) throw notFound('No merchant has this logo.');
  return logoSvg(name);
}

/** An offer's picture: the motif of its category (a car for lease and purchase offers) and its headline. */
export async function offerPicture(deps: Pick<AppDeps, 'db'>, id: number): Promise<string> {
  const art = await findOfferArtById(deps.db.db, id);
  if (!art) throw notFound('No offer has this picture.');
  const motif =
    art.secondaryType === 'lease' || art.secondaryType === 'purchase' ? 'car'
      : art.merchantCategorySlug && HOME_PROS_GROUPS.has(art.merchantCategorySlug) ? art.merchantCategorySlug
        : art.categorySlug;
  return offerSvg({ headline: art.headline, merchantName: art.merchantName, motif });
}

/** A contest's banner or square picture. */
export async function contestArt(deps: Pick<AppDeps, 'db'>, slug: string, kind: 'banner' | 'picture'): Promise<string> {
  const art = await findContestArtBySlug(deps.db.db, slug);
  if (!art) throw notFound('No contest has this image.');
  return kind === 'banner' ? contestBannerSvg(art) : contestPictureSvg(art);
}

export function calloutImage(key: string): string {
  const design = CALLOUT_DESIGNS.find((d) => d.key === key);
  if (!design) throw notFound('No callout has this image.');
  return calloutSvg(design);
}

export const heroImage = (n: number) => heroSvg(n);
export const stateBanner = (state: string) => bannerSvg(state);
export const headerImage = (type: string) => headerSvg(type);

const CATEGORY_LABELS = new Map<string, string>([
  ...OTHER_MAIN_SLUGS.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as [string, string]),
  ...HOME_PROS_CATEGORIES.map((c) => [c.slug, c.display] as [string, string]),
  ...MAIN_CATEGORIES.map((c) => [c.slug, c.display] as [string, string]),
]);

export function categoryIcon(slug: string): string {
  return categorySvg(slug, CATEGORY_LABELS.get(slug) ?? slug);
}

/** An image staff uploaded (merchant logos and photos), as stored. */
export async function uploadedImage(deps: Pick<AppDeps, 'env'>, file: string): Promise<Buffer> {
  const bytes = await readStoredImage(deps.env, file);
  if (!bytes) throw notFound('No uploaded image has this name.');
  return bytes;
}
