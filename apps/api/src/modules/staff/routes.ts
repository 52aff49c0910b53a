// The staff accounts of the console (docs/api.md "Staff console"): who I am, and for admins the
// staff list, invitations, changes and ending sessions. Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffInvitationSchema, staffUpdateSchema } from '@market/domain/validation/staff';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { anyStaff, currentStaff, requireStaff } from './lib/guard.ts';
import { InvitationOut, StaffListOut, StaffMeOut, StaffMemberOut } from './schema.ts';
import { endSessionsOf, inviteStaffMember, listStaff, staffMe, updateStaffMember } from './service.ts';

const bearer = [{ bearer: [] }];
const tags = ['console: staff'];
const adminOnly = requireStaff('admin');

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/console/me/', { onRequest: anyStaff, schema: { tags, summary: 'The signed-in staff member', security: bearer, response: { 200: StaffMeOut } } }, async (request, reply) => {
    privateNoStore(reply);
    return staffMe(currentStaff(request));
  });

  app.get('/api/console/staff/', { onRequest: adminOnly, schema: { tags, summary: 'Staff accounts and recent invitations (admins)', security: bearer, response: { 200: StaffListOut } } }, async (request, reply) => {
    privateNoStore(reply);
    return listStaff(deps);
  });

  app.post(
    '/api/console/staff/invitations/',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Invite someone to the console by e-mail (admins); the link works once, for 72 hours',
        description: '`markets` limits an editor or support member to those markets (omit for every market).',
        security: bearer,
        body: optionalBody(staffInvitationSchema),
        response: { 201: InvitationOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return inviteStaffMember(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.patch(
    '/api/console/staff/:id/',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Change a staff member's role, markets or access, or reset their second factor (admins; asks for your password)",
        description: 'Every session of the account ends, so the change holds at once.',
        security: bearer,
        params: z.object({ id: idParam }),
        body: optionalBody(staffUpdateSchema),
        response: { 200: StaffMemberOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateStaffMember(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.delete(
    '/api/console/accounts/:id/sessions/',
    { onRequest: adminOnly, schema: { tags, summary: 'End every session of an account (admins)', security: bearer, params: z.object({ id: idParam }) } },
    async (request, reply) => {
      await endSessionsOf(deps, currentStaff(request), request.params.id, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );
};
