// Saved items calls of SPEC.md 7. Every call needs a member and touches only their own rows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { ClipIn, FavoriteDeleteQuery, FavoriteIn, SavedIdOut, SavedIdParams, SavedItemsOut } from './schema.ts';
import { listSaved, saveFavorite, saveOffer, unsaveFavorite, unsaveOffer } from './service.ts';

export const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.post(
    '/api/userclipped/',
    {
      onRequest: requireUser,
      schema: { tags: ['saved'], summary: 'Save (clip) an offer; saving it again answers the same id', security, body: optionalBody(ClipIn), response: { 200: SavedIdOut, 201: SavedIdOut } },
    },
    async (request, reply) => {
      const saved = await saveOffer(deps, currentUser(request).id, request.body.offer_id);
      privateNoStore(reply).status(saved.created ? 201 : 200);
      return { id: saved.id };
    },
  );

  app.delete(
    '/api/userclipped/:id/',
    { onRequest: requireUser, schema: { tags: ['saved'], summary: 'Unsave an offer by its saved id', security, params: SavedIdParams } },
    async (request, reply) => {
      await unsaveOffer(deps, currentUser(request).id, request.params.id);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.post(
    '/api/userfavoriteslocation/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['saved'],
        summary: 'Save a location or a contest (favoritable_type Location or ContestEntity); saving it again answers the same id',
        security,
        body: optionalBody(FavoriteIn),
        response: { 200: SavedIdOut, 201: SavedIdOut },
      },
    },
    async (request, reply) => {
      const saved = await saveFavorite(deps, currentUser(request).id, request.body.favoritable_type, request.body.favoritable_id);
      privateNoStore(reply).status(saved.created ? 201 : 200);
      return { id: saved.id };
    },
  );

  app.delete(
    '/api/userfavorites/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['saved'],
        summary: 'Unsave a location or contest: by saved id, or by the location / contest entity id with ?favoritable_type=',
        security,
        params: SavedIdParams,
        querystring: FavoriteDeleteQuery,
      },
    },
    async (request, reply) => {
      await unsaveFavorite(deps, currentUser(request).id, request.params.id, request.query.favoritable_type);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.get(
    '/api/userfavorites/',
    { onRequest: requireUser, schema: { tags: ['saved'], summary: 'Saved offers (active/expired, regular and cars), locations and contests, each with saved_id', security, response: { 200: SavedItemsOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listSaved(deps, currentUser(request).id);
    },
  );
};
