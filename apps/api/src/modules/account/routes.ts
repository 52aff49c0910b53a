// GET/PUT /api/user/preferences/ (SPEC.md 7): the member's own flags only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesUpdateSchema } from '@market/domain/validation/profile';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { PreferencesOut } from './schema.ts';
import { getPreferences, updatePreferences } from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/api/user/preferences/',
    { onRequest: requireUser, schema: { tags: ['account'], summary: 'My Interests: the seven 0/1 preference flags', security, response: { 200: PreferencesOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getPreferences(app.deps, currentUser(request).id);
    },
  );

  app.put(
    '/api/user/preferences/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Save preference flags (any subset, each 0 or 1); answers all seven',
        security,
        body: optionalBody(preferencesUpdateSchema),
        response: { 200: PreferencesOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updatePreferences(app.deps, currentUser(request).id, request.body);
    },
  );
};
