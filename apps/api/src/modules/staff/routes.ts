// The staff accounts of the console (docs/api.md "Staff console"): who I am, and for admins the
// staff list, invitations, changes and ending sessions. Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownEmailChangeSchema, ownPasswordCheckSchema, staffInvitationSchema, staffUpdateSchema } from '@market/domain/validation/staff';
import { RecoveryCodesOut } from '@market/domain/api/staff';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { anyStaff, currentStaff, requireStaff } from './lib/guard.ts';
import { InvitationOut, StaffListOut, StaffMeOut, StaffMemberOut } from './schema.ts';
import { changeOwnEmail, endSessionsOf, inviteStaffMember, listStaff, regenerateOwnRecoveryCodes, resetOwnFactor, staffMe, updateStaffMember } from './service.ts';

const bearer = [{ bearer: [] }];
const tags = ['console: staff'];
const adminOnly = requireStaff('admin');

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/console/me/', { onRequest: anyStaff, schema: { tags, summary: 'The signed-in staff member', security: bearer, response: { 200: StaffMeOut } } }, async (request, reply) => {
    privateNoStore(reply);
    return staffMe(currentStaff(request));
  });

  app.post(
    '/api/console/account/email/',
    {
      onRequest: anyStaff,
      schema: {
        tags,
        summary: 'Change your own e-mail address (asks for your password)',
        description: 'The address must be unused by any account (409 on `email`). Every other session of your account ends, this one goes on; the change is audited and a notice goes to the old address A wrong password counts like a failed sign-in of your account (429 with Retry-After while password sign-in for it is paused).',
        security: bearer,
        body: optionalBody(ownEmailChangeSchema),
        response: { 200: StaffMeOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return changeOwnEmail(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.post(
    '/api/console/account/recovery-codes/',
    {
      onRequest: anyStaff,
      schema: {
        tags,
        summary: 'New recovery codes for your own second factor (asks for your password)',
        description: 'Ten new one-time codes, shown once; the old ones stop working. Audited; a notice goes to your address A wrong password counts like a failed sign-in of your account (429 with Retry-After while password sign-in for it is paused).',
        security: bearer,
        body: optionalBody(ownPasswordCheckSchema),
        response: { 200: RecoveryCodesOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return regenerateOwnRecoveryCodes(deps, currentStaff(request), request.body.current_password, request.ip);
    },
  );

  app.post(
    '/api/console/account/second-factor/reset/',
    {
      onRequest: anyStaff,
      schema: {
        tags,
        summary: 'Reset your own authenticator app (asks for your password)',
        description: 'Your TOTP secret and recovery codes are taken away and every session of your account ends, this one too: sign in again to set up the new app (the enrolment step of POST /auth/login/). Audited; a notice goes to your address A wrong password counts like a failed sign-in of your account (429 with Retry-After while password sign-in for it is paused).',
        security: bearer,
        body: optionalBody(ownPasswordCheckSchema),
      },
    },
    async (request, reply) => {
      await resetOwnFactor(deps, currentStaff(request), request.body.current_password, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );

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
        description: '`markets` limits an editor or support member to those markets (omit for every market). 429 past 20 invitations from your account in 24 hours, or 3 mails to the address in an hour (the message names the limit).',
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
        description:
          "Every session of the account ends, so the change holds at once. `reset_second_factor` takes the member's authenticator app and recovery codes away and ends a pause of their second factor (wrong codes): their next sign-in enrols a new app. A wrong `current_password` counts like a failed sign-in of your account (429 with Retry-After while password sign-in for it is paused).",
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
