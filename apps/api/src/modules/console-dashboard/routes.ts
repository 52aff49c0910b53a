// The console's overview (any staff role), the scheduled jobs (admins) and the local mailbox of
// embedded mode (admins). Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { anyStaff, currentStaff, requireStaff } from '../staff/lib/guard.ts';
import { DashboardOut, DashboardQuery, JobListOut, JobParams, JobRunOut, MailboxListOut, MailboxMessageOut, MailboxParams } from './schema.ts';
import { dashboard, listJobs, listMailbox, readMailbox, runJob } from './service.ts';

const security = [{ bearer: [] }];
const adminOnly = requireStaff('admin');

export const consoleDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/console/dashboard/',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['console: dashboard'],
        summary: 'Today and the last days: live offers, impressions, prints, redemptions, new members, new leads by kind',
        description: '`market` narrows to one market (one you work on); `days` (1-90, default 30) is the length of the daily series, today included. Days are business days (America/Detroit).',
        security,
        querystring: DashboardQuery,
        response: { 200: DashboardOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return dashboard(deps, currentStaff(request), request.query);
    },
  );

  app.get(
    '/api/console/jobs/',
    { onRequest: adminOnly, schema: { tags: ['console: jobs'], summary: 'The jobs the app runs by itself, with their last runs (admins)', security, response: { 200: JobListOut } } },
    async (_request, reply) => {
      privateNoStore(reply);
      return listJobs(deps);
    },
  );

  app.post(
    '/api/console/jobs/:name/runs/',
    {
      onRequest: adminOnly,
      schema: { tags: ['console: jobs'], summary: 'Run a job now (admins); answers the finished run', description: '409 while a run of the same job is still going.', security, params: JobParams, response: { 201: JobRunOut } },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return runJob(deps, currentStaff(request), request.params.name, request.ip, request.log);
    },
  );

  app.get(
    '/api/console/mailbox/',
    { onRequest: adminOnly, schema: { tags: ['console: mailbox'], summary: 'The local mailbox, newest first (admins; embedded mode only, else 404)', security, response: { 200: MailboxListOut } } },
    async (_request, reply) => {
      privateNoStore(reply);
      return listMailbox(deps);
    },
  );

  app.get(
    '/api/console/mailbox/:id/',
    {
      onRequest: adminOnly,
      schema: { tags: ['console: mailbox'], summary: 'One mail of the local mailbox: text and HTML (show the HTML in a sandboxed frame)', security, params: MailboxParams, response: { 200: MailboxMessageOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return readMailbox(deps, request.params.id);
    },
  );
};
