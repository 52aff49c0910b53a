// The leads inbox of the staff console (docs/api.md "Staff console"): support staff (and admins)
// list, read, assign, close, annotate and export the leads of their markets and look up newsletter
// addresses; editors approve contractor applications into merchant records. Thin: schema, service, status.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import {
  ConsoleLeadDetailOut,
  ConsoleLeadOut,
  ConsoleLeadPageOut,
  ContractorApprovalBody,
  ContractorApprovedOut,
  LeadExportQuery,
  LeadListQuery,
  LeadNoteBody,
  LeadNoteOut,
  LeadUpdateBody,
  NewsletterLookupOut,
  NewsletterQuery,
} from './schema.ts';
import { addLeadNote, approveContractor, exportFileName, exportLeads, getLead, listLeads, newsletterStatus, updateLead } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['console: leads'];
const support = requireStaff('support');
const params = z.object({ id: idParam });

export const consoleLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/console/leads/',
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'The leads inbox (support, admins): newest first, filtered',
        description: "`q` searches name, e-mail, phone and company; `assigned_to` is a staff id, 'me' or 'none'; `from`/`to` bound created_at (to is exclusive). Staff limited to markets see those only.",
        security,
        querystring: LeadListQuery,
        response: { 200: ConsoleLeadPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const { sort, page, page_size: pageSize, ...filters } = request.query;
      return listLeads(deps, currentStaff(request), filters, sort, { page, pageSize });
    },
  );

  app.get(
    '/api/console/leads/export.csv',
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'The filtered inbox as a CSV file (support, admins), streamed',
        description: 'Same filters as the list. Cells a spreadsheet would run as a formula get a leading apostrophe. Audited with the filters and the row count.',
        security,
        querystring: LeadExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = currentStaff(request);
      const stream = new PassThrough();
      privateNoStore(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('x-content-type-options', 'nosniff');
      exportLeads(deps, staff, request.query, stream, request.ip).catch((err: unknown) => {
        // The status line has gone out: the download is cut short rather than finished wrong.
        request.log.error({ err }, 'lead export failed');
        stream.destroy(err instanceof Error ? err : new Error('lead export failed'));
      });
      return reply.send(stream);
    },
  );

  app.get(
    '/api/console/leads/:id/',
    { onRequest: support, schema: { tags, summary: 'One lead: every form field and the notes', security, params, response: { 200: ConsoleLeadDetailOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getLead(deps, currentStaff(request), request.params.id);
    },
  );

  app.patch(
    '/api/console/leads/:id/',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "Change a lead's status or assignee (support, admins)",
        description: '`version` is the one you read; if someone saved since, the answer is 409 with the lead as it now stands under `current`. `assigned_to` is a staff member who works on the lead’s market, or null. 403 when you, or the assignee, are on the team of the lead’s business (separation of duties; audited).',
        security,
        params,
        body: optionalBody(LeadUpdateBody),
        response: { 200: ConsoleLeadOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateLead(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.post(
    '/api/console/leads/:id/notes/',
    { onRequest: support, schema: { tags, summary: 'Add a note to a lead (at most 2,000 characters)', security, params, body: optionalBody(LeadNoteBody), response: { 201: LeadNoteOut } } },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return addLeadNote(deps, currentStaff(request), request.params.id, request.body.body, request.ip);
    },
  );

  app.post(
    '/api/console/leads/:id/approve-contractor/',
    {
      onRequest: requireStaff('editor'),
      schema: {
        tags,
        summary: 'Approve a contractor application as a merchant (editors, admins)',
        description:
          'Creates the home pro’s merchant record (or updates the one of the same name) with the certification the application states, under Home Improvement, and a location when the application has a street address; the lead becomes done. The licence number and expiry dates may be added here.',
        security,
        params,
        body: optionalBody(ContractorApprovalBody),
        response: { 200: ContractorApprovedOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return approveContractor(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.get(
    '/api/console/newsletter/',
    { onRequest: support, schema: { tags, summary: 'Newsletter status of an e-mail address (pending, confirmed, unsubscribed)', description: '`q`: the address, or its beginning (at most 20 answers).', security, querystring: NewsletterQuery, response: { 200: NewsletterLookupOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return newsletterStatus(deps, request.query.q);
    },
  );
};
