// Contests in the staff console (docs/api.md "Staff console"): list, create, read, edit, draw
// winners, and the sweepstakes claims inbox. Editors (and admins); the claims inbox also support.
// Thin: schema, one service call, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { readImageField, registerImageUploads, uploadDescription } from '../media/lib/image-upload-field.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import {
  ClaimListQuery,
  ConsoleContestDetailOut,
  ConsoleContestOut,
  ConsoleContestPageOut,
  ContestDrawOut,
  ContestListQuery,
  SweepstakesClaimPageOut,
  contestCreateSchema,
  contestUpdateSchema,
  drawSchema,
} from './schema.ts';
import { createConsoleContest, getConsoleContest, listConsoleContests, listContestClaims, runConsoleDraw, updateConsoleContest, uploadContestImage, type ContestImage } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['console: contests'];
const editors = requireStaff('editor');
const params = z.object({ id: idParam });

export const consoleContestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Multipart bodies are read by the upload routes of this plugin only.
  await registerImageUploads(app);

  app.get(
    '/api/console/contests/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Contests: search, filter, sort, page (editors)',
        description: '`q` searches the name and slug; `status` (upcoming, running, ended) comes from the dates and today in Detroit; `market` keeps contests shown there. Staff limited to some markets see the contests shown in one of theirs.',
        security,
        querystring: ContestListQuery,
        response: { 200: ConsoleContestPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listConsoleContests(deps, currentStaff(request), request.query);
    },
  );

  app.post(
    '/api/console/contests/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Create a contest (editors)',
        description:
          'The slug is made from the name (made unique with -2, -3...) unless given. description and rules are HTML, sanitised. `markets` lists where it is shown, with is_featured per market: featuring it unsets the market\'s other featured contest. Staff limited to some markets must choose among theirs.',
        security,
        body: optionalBody(contestCreateSchema),
        response: { 201: ConsoleContestOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createConsoleContest(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.get(
    '/api/console/contests/:id/',
    { onRequest: editors, schema: { tags, summary: 'One contest with its draws (editors)', security, params, response: { 200: ConsoleContestDetailOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getConsoleContest(deps, currentStaff(request), request.params.id);
    },
  );

  app.patch(
    '/api/console/contests/:id/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Change a contest (editors): the fields sent, with the `version` read',
        description: 'A stale `version` answers 409 with the contest as it now stands under `current`. `markets`, when sent, replaces the list (entities of markets left out are removed). Staff limited to some markets change only contests shown in theirs alone.',
        security,
        params,
        body: optionalBody(contestUpdateSchema),
        response: { 200: ConsoleContestOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateConsoleContest(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  for (const kind of ['banner', 'picture'] as const satisfies readonly ContestImage[]) {
    app.post(
      `/api/console/contests/:id/${kind}/`,
      {
        onRequest: editors,
        schema: {
          tags,
          summary: `Upload the contest's ${kind} (editors of every market it is shown in)`,
          description: `${uploadDescription(kind === 'banner' ? 'at most 1920 wide' : 'at most 1200 wide')} The saver pages show it at once (${kind === 'banner' ? 'the home page banner and the contest modal' : 'the contest cards'}).`,
          consumes: ['multipart/form-data'],
          security,
          params,
          response: { 200: ConsoleContestOut },
        },
      },
      async (request, reply) => {
        privateNoStore(reply);
        const staff = currentStaff(request);
        return uploadContestImage(deps, staff, request.params.id, kind, await readImageField(request), request.ip);
      },
    );
  }

  app.post(
    '/api/console/contests/:id/draws/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Draw winners of an ended contest (editors)',
        description:
          '{winners: 1..100, seed?}: without a seed a random one (CSPRNG) is drawn and recorded. Members who already won this contest are not eligible. Answers the draw as recorded (seed, method, entrants, eligible entries, entry ids, winners); the winners are mailed once it is stored. 400 before the contest has ended or when nobody is eligible. The public record: GET /api/contests/{entity_id}/draws/.',
        security,
        params,
        body: optionalBody(drawSchema),
        response: { 201: ContestDrawOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return runConsoleDraw(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.get(
    '/api/console/contests/:id/claims/',
    {
      onRequest: requireStaff('editor', 'support'),
      schema: {
        tags,
        summary: "A contest's sweepstakes claims, matched first then newest (support, editors)",
        description: '`matched=1` keeps the claims whose numbers match a winning number. Staff limited to some markets see the claims of theirs.',
        security,
        params,
        querystring: ClaimListQuery,
        response: { 200: SweepstakesClaimPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listContestClaims(deps, currentStaff(request), request.params.id, request.query);
    },
  );
};
