import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contestApplicationSchema, sweepstakesSchema } from '@market/domain/validation/contests';
import { privateNoStore, publicCache } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, optionalUser, requireVerifiedUser } from '../auth/lib/guard.ts';
import { leadRateLimit } from '../leads/lib/rate-limit.ts';
import { ClaimOut, ContestEntityParams, ContestEntryOut, ContestItemOut, ContestsQuery, ContestWinnerOut, ContestWinnersQuery } from './schema.ts';
import { PublicDrawRecordOut } from '@market/domain/api/console-contests';
import { claimSweepstakes, enterContest, getContest, listContests, listWinners, publicDrawRecord, type Viewer } from './service.ts';

const viewerOf = (request: { user: { id: number } | null }): Viewer => (request.user ? { userId: request.user.id } : {});

export const contestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/contests/',
    {
      onRequest: optionalUser,
      // Anonymous answers depend only on the URL (and the day: kept 30 s at most); a request with
      // a bearer token is never answered from or put into the answer cache.
      config: { answerCache: true },
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
      // With a bearer token each item carries the member's `entered`: never shared-cached.
      if (request.headers.authorization) privateNoStore(reply);
      else publicCache(reply, 60);
      return listContests(deps, request.query, viewerOf(request));
    },
  );

  app.get(
    '/api/contests/:id/',
    {
      onRequest: optionalUser,
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
      return getContest(deps, request.params.id, viewerOf(request));
    },
  );

  app.get(
    '/api/contests/:id/draws/',
    {
      schema: {
        tags: ['contests'],
        summary: 'The public record of a contest\'s draws: entries, seed, method and winners (no sign-in)',
        description:
          'For any contest entity, running or not (404 for an unknown one). Each draw shows its seed and method (seeded-shuffle-v1: a partial Fisher-Yates over the eligible entries in entry order with Random("contest-draw", contest id, seed)), the entries at draw time and the eligible ones; winners by first name, last initial, city and state only (docs/operations.md "Contests and leads").',
        params: ContestEntityParams,
        response: { 200: PublicDrawRecordOut },
      },
    },
    async (request, reply) => {
      publicCache(reply, 60);
      return publicDrawRecord(deps, request.params.id);
    },
  );

  app.post(
    '/api/contestapplication/',
    {
      // onRequest: an anonymous call gets its 401, an unconfirmed address its 403, before the body
      // is validated (SPEC.md 6; docs/decisions.md).
      onRequest: requireVerifiedUser,
      schema: {
        tags: ['contests'],
        summary: 'Enter a running contest (members with a confirmed e-mail address, once per contest)',
        description:
          '`contest` is the contest id (contest.id); `entity_id` (the c= id) may be sent with it or alone. 201 for a new entry; a repeat, even many at once, answers 200 with the same entry. Unknown, ended or inactive contests answer 404. 403 while the e-mail address is not confirmed (POST /auth/verifyuser/resend/ mails a new link).',
        security: [{ bearer: [] }],
        body: optionalBody(contestApplicationSchema),
        response: { 200: ContestEntryOut, 201: ContestEntryOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const { created, ...entry } = await enterContest(deps, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(entry);
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
      return listWinners(deps, request.query);
    },
  );

  app.post(
    '/api/sweepstakes/',
    {
      // Sweepstakes entries, like contest entries, come from members with a confirmed address.
      onRequest: requireVerifiedUser,
      preHandler: leadRateLimit(app),
      schema: {
        tags: ['contests'],
        summary: 'Claim a sweepstakes prize with the numbers printed in the magazine (SPEC.md 3, 5); members with a confirmed e-mail address (401, 403)',
        description:
          "firstname, lastname, email, magazinenum ('Your Numbers'), address1, city, state, zip (5 digits), entity_id, all required; address2 and randomnum optional. Stored as a claim, flagged when a number matches the contest's winning numbers, and mailed to the market's office. Rate limited with the lead forms.",
        security: [{ bearer: [] }],
        body: optionalBody(sweepstakesSchema),
        response: { 201: ClaimOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return claimSweepstakes(deps, request.body, { userId: currentUser(request).id });
    },
  );
};
