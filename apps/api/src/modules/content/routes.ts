import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache } from '../../lib/http.ts';
import { CalloutOut, CalloutsOut, CalloutsQuery } from './schema.ts';
import { calloutsForState, defaultCallouts } from './service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/content/callouts/',
    {
      schema: {
        tags: ['content'],
        summary: 'Home-page promotional callouts for a state, with the callout settings',
        description:
          'Callouts whose states include `state` or that show for all states, sorted by order (or shuffled when randomize_callout_order), truncated to number_of_default_callouts_to_use (SPEC.md 7). When settings.use_default_callouts is true, or this call fails, the web shows GET /api/default-callouts/ instead.',
        querystring: CalloutsQuery,
        response: { 200: CalloutsOut },
      },
    },
    async (request, reply) => {
      // Short: a shuffled order is shared for at most this long.
      publicCache(reply, 60);
      return calloutsForState(deps, request.query.state);
    },
  );

  app.get(
    '/api/default-callouts/',
    {
      schema: {
        tags: ['content'],
        summary: 'The default callouts: the fallback set of the content service',
        description: 'Every is_default callout, ordered (or shuffled) and truncated by the callout settings (SPEC.md 7 fallback).',
        response: { 200: z.array(CalloutOut) },
      },
    },
    async (_request, reply) => {
      publicCache(reply, 60);
      return defaultCallouts(deps);
    },
  );
};
