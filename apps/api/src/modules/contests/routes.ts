import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { privateNoStore, publicCache } from '../../lib/http.ts';
import { ContestEntityParams, ContestItemOut, ContestsQuery, ContestWinnerOut, ContestWinnersQuery } from './schema.ts';
import { getContest, listContests, listWinners } from './service.ts';

export async function contestsRoutes(plugin: App): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const handle = () => app.deps.db;

  app.get(
    '/api/contests/',
    {
      schema: {
        tags: ['contests'],
        summary: "Running contests of the visitor's market",
        description:
          'Position from lat/lng, else city/state through places, else Detroit, MI; the contests shown in that market that run today (is_active, starts_at <= today <= ends_at), deduplicated by display_name (SPEC.md 3), featured first then nearest. featured=1 keeps only the featured contest (the banner uses the first item).',
        querystring: ContestsQuery,
        response: { 200: z.array(ContestItemOut) },
      },
    },
    async (request, reply) => {
      publicCache(reply, 60);
      return listContests(handle(), request.query);
    },
  );

  app.get(
    '/api/contests/:id/',
    {
      schema: {
        tags: ['contests'],
        summary: 'One running contest by its entity id (works anonymously)',
        description: 'Unknown, inactive or ended contests answer 404. `entered` reports the signed-in member\'s entry and is false for anonymous visitors.',
        params: ContestEntityParams,
        response: { 200: ContestItemOut },
      },
    },
    async (request, reply) => {
      // With a bearer token the answer will carry the member's `entered`: never shared-cached.
      if (request.headers.authorization) privateNoStore(reply);
      else publicCache(reply, 60);
      return getContest(handle(), request.params.id);
    },
  );

  app.get(
    '/api/contestwinners/',
    {
      schema: {
        tags: ['contests'],
        summary: "Winners of the visitor's market's contests, newest first",
        description: "Each winner with display fields: display_name 'First L.', display_location 'City ST' (city in capitalised words), display_date MM/DD/YYYY (SPEC.md 3, 9).",
        querystring: ContestWinnersQuery,
        response: { 200: z.array(ContestWinnerOut) },
      },
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return listWinners(handle(), request.query);
    },
  );
}
