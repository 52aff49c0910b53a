// Generated images under /media (no external image host): SVG with long cache lifetimes, so
// browsers and a CDN keep them. Malformed names are a 400 naming the field; unknown ones a 404.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BannerParams, CalloutParams, CategoryIconParams, ContestArtParams, HeaderParams, HeroParams, LogoParams, OfferPictureParams, PlaceParams, UploadParams } from './schema.ts';
import { calloutImage, categoryIcon, contestArt, headerImage, heroImage, merchantLogo, merchantPlace, offerPicture, stateBanner, uploadedImage } from './service.ts';

/** Designs that never change for a given path. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Images drawn from catalogue text (a merchant may be renamed): a day, then revalidated by ETag. */
const FROM_CATALOGUE = 'public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800';

function sendSvg(reply: FastifyReply, body: string, cacheControl: string): FastifyReply {
  return reply.header('cache-control', cacheControl).type('image/svg+xml; charset=utf-8').send(body);
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['media'];

  app.get('/media/logos/:file', { schema: { tags, summary: 'Merchant logo (SVG)', params: LogoParams } }, async (request, reply) =>
    sendSvg(reply, await merchantLogo(deps, request.params.file), FROM_CATALOGUE),
  );
  app.get('/media/places/:slug/:file', { schema: { tags, summary: "Scene of a merchant's place: storefront, inside or counter (SVG)", params: PlaceParams } }, async (request, reply) =>
    sendSvg(reply, await merchantPlace(deps, request.params.slug, request.params.file), FROM_CATALOGUE),
  );
  app.get('/media/offers/:file', { schema: { tags, summary: 'Offer picture (SVG)', params: OfferPictureParams } }, async (request, reply) =>
    sendSvg(reply, await offerPicture(deps, request.params.file), FROM_CATALOGUE),
  );
  app.get('/media/contests/:slug/:file', { schema: { tags, summary: 'Contest banner or picture (SVG)', params: ContestArtParams } }, async (request, reply) =>
    sendSvg(reply, await contestArt(deps, request.params.slug, request.params.file === 'banner.svg' ? 'banner' : 'picture'), FROM_CATALOGUE),
  );
  app.get('/media/callouts/:file', { schema: { tags, summary: 'Callout image (SVG)', params: CalloutParams } }, async (request, reply) =>
    sendSvg(reply, calloutImage(request.params.file), IMMUTABLE),
  );
  app.get('/media/hero/:file', { schema: { tags, summary: 'Hero image 1-6 (SVG)', params: HeroParams } }, async (request, reply) =>
    sendSvg(reply, heroImage(Number(request.params.file)), IMMUTABLE),
  );
  app.get('/media/banners/:file', { schema: { tags, summary: 'State banner (SVG)', params: BannerParams } }, async (request, reply) =>
    sendSvg(reply, stateBanner(request.params.file), IMMUTABLE),
  );
  app.get('/media/headers/:file', { schema: { tags, summary: 'Special-edition header image (SVG)', params: HeaderParams } }, async (request, reply) =>
    sendSvg(reply, headerImage(request.params.file), IMMUTABLE),
  );
  app.get('/media/categories/:file', { schema: { tags, summary: 'Category icon (SVG)', params: CategoryIconParams } }, async (request, reply) =>
    sendSvg(reply, categoryIcon(request.params.file), IMMUTABLE),
  );
  // Named by their content: a new upload gets a new name, so a name's bytes never change.
  app.get('/media/uploads/:file', { schema: { tags, summary: 'An uploaded image (WebP): merchant logos and photos', params: UploadParams } }, async (request, reply) =>
    reply.header('cache-control', IMMUTABLE).type('image/webp').send(await uploadedImage(deps, request.params.file)),
  );
};
