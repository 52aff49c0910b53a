// The generated images (no external image host): each function answers the SVG text of one image or
// throws not found. Static designs need no database; names and headlines come from it.
import sharp from 'sharp';
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES, OTHER_MAIN_SLUGS } from '@market/domain/categories';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { CALLOUT_DESIGNS } from '../../db/media-paths.ts';
import { findContestArtBySlug, findMerchantArtBySlug, findOfferArtById } from './repository.ts';
import { readStoredImage, UPLOAD_URL_PREFIX } from './lib/uploaded-images.ts';
import { illustration, illustrationFor, illustrationForPrize } from './lib/illustrations.ts';
import { bannerSvg, calloutSvg, categoryHue, categorySvg, contestBannerSvg, contestPictureSvg, headerSvg, heroSvg, logoSvg, offerSvg, placeSvg, type PlaceScene } from './lib/svg.ts';

const HOME_PROS_GROUPS = new Set(HOME_PROS_CATEGORIES.map((c) => c.slug));

/** The hue of a category's soft background (a car for lease and purchase offers). */
const hueFor = (categorySlug: string | null | undefined) => categoryHue(categorySlug ?? 'special-services');

/**
 * A merchant's generated logo: the illustration of its first subcategory (else its category) on
 * a soft disc of its category's colour. Used where the merchant has no uploaded logo.
 */
export async function merchantLogo(deps: Pick<AppDeps, 'db'>, slug: string): Promise<string> {
  const art = await findMerchantArtBySlug(deps.db.db, slug);
  if (!art) throw notFound('No merchant has this logo.');
  return logoSvg({ name: art.name, art: illustration(illustrationFor(art)), hue: hueFor(art.categorySlug) });
}

/**
 * The logo a printed coupon carries: the merchant's uploaded logo as PNG bytes (PDFKit draws
 * PNG and JPEG, not WebP) when there is one, else the generated SVG.
 */
export async function merchantLogoForPrint(deps: Pick<AppDeps, 'db' | 'images'>, slug: string): Promise<{ png: Buffer } | { svg: string }> {
  const art = await findMerchantArtBySlug(deps.db.db, slug);
  if (!art) throw notFound('No merchant has this logo.');
  const file = art.logoPath?.startsWith(UPLOAD_URL_PREFIX) ? art.logoPath.slice(UPLOAD_URL_PREFIX.length) : null;
  const bytes = file ? await readStoredImage(deps.images, file) : null;
  if (bytes) return { png: await sharp(bytes).png().toBuffer() };
  return { svg: logoSvg({ name: art.name, art: illustration(illustrationFor(art)), hue: hueFor(art.categorySlug) }) };
}

/** A photo-like scene of a merchant's place (the seed's merchant photos): its illustration and colour, its name on the sign. */
export async function merchantPlace(deps: Pick<AppDeps, 'db'>, slug: string, scene: PlaceScene): Promise<string> {
  const art = await findMerchantArtBySlug(deps.db.db, slug);
  if (!art) throw notFound('No merchant has this picture.');
  return placeSvg({ name: art.name, art: illustration(illustrationFor(art)), hue: hueFor(art.categorySlug), scene });
}

/** An offer's picture: its headline beside the illustration its words or subcategory call for (a car for lease and purchase offers). */
export async function offerPicture(deps: Pick<AppDeps, 'db'>, id: number): Promise<string> {
  const art = await findOfferArtById(deps.db.db, id);
  if (!art) throw notFound('No offer has this picture.');
  const car = art.secondaryType === 'lease' || art.secondaryType === 'purchase';
  const group = art.merchantCategorySlug && HOME_PROS_GROUPS.has(art.merchantCategorySlug) ? art.merchantCategorySlug : art.categorySlug;
  const name = car ? illustrationFor({ categorySlug: 'car' }) : illustrationFor({ name: `${art.headline} ${art.merchantName}`, subcategorySlug: art.subcategorySlug ?? art.merchantSubcategorySlug, categorySlug: group });
  return offerSvg({ headline: art.headline, merchantName: art.merchantName, art: illustration(name), hue: hueFor(car ? 'car' : group) });
}

/** A contest's banner or square picture. */
export async function contestArt(deps: Pick<AppDeps, 'db'>, slug: string, kind: 'banner' | 'picture'): Promise<string> {
  const art = await findContestArtBySlug(deps.db.db, slug);
  if (!art) throw notFound('No contest has this image.');
  const input = { ...art, art: illustration(illustrationForPrize(art.prize)) };
  return kind === 'banner' ? contestBannerSvg(input) : contestPictureSvg(input);
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
export async function uploadedImage(deps: Pick<AppDeps, 'images'>, file: string): Promise<Buffer> {
  const bytes = await readStoredImage(deps.images, file);
  if (!bytes) throw notFound('No uploaded image has this name.');
  return bytes;
}
