// GET/PUT /api/user/preferences/ (SPEC.md 7): the member's own flags only.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferencesUpdateSchema } from '@market/domain/validation/profile';
import type { App } from '../../app.ts';
import { privateNoStore } from '../../lib/http.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { PreferencesOut } from './schema.ts';
import { getPreferences, updatePreferences } from './service.ts';

export async function accountRoutes(root: App): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/api/user/preferences/',
    { onRequest: requireUser, schema: { tags: ['account'], summary: 'My Interests: the seven 0/1 preference flags', security, response: { 200: PreferencesOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getPreferences(app.deps.db.db, currentUser(request).id);
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
        body: z.preprocess((v) => v ?? {}, preferencesUpdateSchema),
        response: { 200: PreferencesOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updatePreferences(app.deps.db.db, currentUser(request).id, request.body);
    },
  );
}
