// Saved items calls of SPEC.md 7. Every call needs a member and touches only their own rows.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { privateNoStore } from '../../lib/http.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { ClipIn, FavoriteDeleteQuery, FavoriteIn, SavedIdOut, SavedIdParams, SavedItemsOut } from './schema.ts';
import { listSaved, saveFavorite, saveOffer, unsaveFavorite, unsaveOffer } from './service.ts';

const body = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

export async function savedRoutes(root: App): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const handle = app.deps.db;
  const security = [{ bearer: [] }];

  app.post(
    '/api/userclipped/',
    {
      onRequest: requireUser,
      schema: { tags: ['saved'], summary: 'Save (clip) an offer; saving it again answers the same id', security, body: body(ClipIn), response: { 200: SavedIdOut, 201: SavedIdOut } },
    },
    async (request, reply) => {
      const saved = await saveOffer(handle, currentUser(request).id, request.body.offer_id);
      privateNoStore(reply).status(saved.created ? 201 : 200);
      return { id: saved.id };
    },
  );

  app.delete(
    '/api/userclipped/:id/',
    { onRequest: requireUser, schema: { tags: ['saved'], summary: 'Unsave an offer by its saved id', security, params: SavedIdParams } },
    async (request, reply) => {
      await unsaveOffer(handle, currentUser(request).id, request.params.id);
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
        body: body(FavoriteIn),
        response: { 200: SavedIdOut, 201: SavedIdOut },
      },
    },
    async (request, reply) => {
      const saved = await saveFavorite(handle, currentUser(request).id, request.body.favoritable_type, request.body.favoritable_id);
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
      await unsaveFavorite(handle, currentUser(request).id, request.params.id, request.query.favoritable_type);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.get(
    '/api/userfavorites/',
    { onRequest: requireUser, schema: { tags: ['saved'], summary: 'Saved offers (active/expired, regular and cars), locations and contests, each with saved_id', security, response: { 200: SavedItemsOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listSaved(app.deps, currentUser(request).id);
    },
  );
}
