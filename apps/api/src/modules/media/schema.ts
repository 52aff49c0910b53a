// Path parameters of the media routes: each names its field in a 400 when it is malformed.
import { z } from 'zod';
import { BANNER_STATES, CALLOUT_DESIGNS, CATEGORY_IMAGE_SLUGS, HEADER_TYPES, HERO_COUNT, PLACE_SCENES } from '../../db/media-paths.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `<slug>.svg` for a slug of lowercase words joined by hyphens. */
const slugFile = (what: string) =>
  z
    .string()
    .max(164, `Use a ${what} of at most 160 characters followed by .svg.`)
    .regex(/^[a-z0-9-]+\.svg$/, `Use a ${what} of lowercase letters, digits and hyphens followed by .svg.`)
    .transform((s) => s.slice(0, -4))
    .refine((s) => SLUG.test(s), `Use a ${what} of lowercase letters, digits and hyphens followed by .svg.`);

/** `<one of values>.svg`. */
const oneOfFile = (values: readonly string[], what: string) =>
  z
    .string()
    .max(120, `Use one of the known ${what} followed by .svg.`)
    .refine((s) => s.endsWith('.svg') && values.includes(s.slice(0, -4)), `Use one of the known ${what} followed by .svg.`)
    .transform((s) => s.slice(0, -4));

export const LogoParams = z.object({ file: slugFile('merchant slug') });
export const OfferPictureParams = z.object({
  file: z
    .string()
    .regex(/^\d{1,10}\.svg$/, 'Use an offer id followed by .svg.')
    .transform((s) => Number(s.slice(0, -4)))
    .refine((n) => n >= 1 && n <= 2_147_483_647, 'Use an offer id followed by .svg.'),
});
export const ContestArtParams = z.object({
  slug: z.string().max(160, 'Use a contest slug of at most 160 characters.').regex(SLUG, 'Use a contest slug of lowercase letters, digits and hyphens.'),
  file: z.enum(['banner.svg', 'picture.svg'], { error: 'Use banner.svg or picture.svg.' }),
});
export const PlaceParams = z.object({
  slug: z.string().max(160, 'Use a merchant slug of at most 160 characters.').regex(SLUG, 'Use a merchant slug of lowercase letters, digits and hyphens.'),
  file: oneOfFile(PLACE_SCENES, `place scenes (${PLACE_SCENES.join(', ')})`).transform((s) => s as (typeof PLACE_SCENES)[number]),
});
export const CalloutParams = z.object({ file: oneOfFile(CALLOUT_DESIGNS.map((d) => d.key), 'callout images') });
export const HeroParams = z.object({ file: oneOfFile(Array.from({ length: HERO_COUNT }, (_, i) => String(i + 1)), `hero images (1 to ${HERO_COUNT})`) });
export const BannerParams = z.object({ file: oneOfFile(BANNER_STATES, `state banners (${BANNER_STATES.join(', ')})`) });
export const HeaderParams = z.object({ file: oneOfFile(HEADER_TYPES, `header images (${HEADER_TYPES.join(', ')})`) });
export const CategoryIconParams = z.object({ file: oneOfFile(CATEGORY_IMAGE_SLUGS, 'category slugs') });

/** An uploaded image: `<purpose>-<content hash>.webp`. */
export const UploadParams = z.object({ file: z.string().max(64, 'Use the name of an uploaded image.').regex(/^[a-z]+-[0-9a-f]{32}\.webp$/, 'Use the name of an uploaded image.') });
