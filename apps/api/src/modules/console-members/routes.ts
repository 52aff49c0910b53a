// Members in the staff console (docs/api.md "Staff console"), for support staff and admins:
// find, read, resend the verification mail, disable, enable, delete. Only admins act on staff
// accounts. Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import { ConsoleMemberActionOut, ConsoleMemberDetailOut, ConsoleMemberOut, ConsoleMemberPageOut, MemberDeletionBody, MemberListQuery } from './schema.ts';
import { deleteMember, getMember, listMembers, resendMemberVerification, setMemberDisabled } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['console: members'];
const support = requireStaff('support');
const params = z.object({ id: idParam });

export const consoleMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/console/members/',
    { onRequest: support, schema: { tags, summary: 'Find accounts by e-mail (support, admins)', description: '`q`: part of the address; addresses starting with it come first.', security, querystring: MemberListQuery, response: { 200: ConsoleMemberPageOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      const { q, sort, page, page_size: pageSize } = request.query;
      return listMembers(deps, q, sort, { page, pageSize });
    },
  );

  app.get(
    '/api/console/members/:id/',
    { onRequest: support, schema: { tags, summary: 'One account: profile, state and what it keeps', security, params, response: { 200: ConsoleMemberDetailOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getMember(deps, request.params.id);
    },
  );

  app.post(
    '/api/console/members/:id/verification/',
    { onRequest: support, schema: { tags, summary: 'Mail the account a new verification link', security, params, response: { 200: ConsoleMemberActionOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return resendMemberVerification(deps, currentStaff(request), request.params.id, request.ip);
    },
  );

  for (const [verb, disabled] of [['disable', true], ['enable', false]] as const) {
    app.post(
      `/api/console/members/:id/${verb}/`,
      {
        onRequest: support,
        schema: { tags, summary: disabled ? 'Disable an account: it cannot sign in and its sessions end at once' : 'Enable a disabled account', security, params, response: { 200: ConsoleMemberOut } },
      },
      async (request, reply) => {
        privateNoStore(reply);
        return setMemberDisabled(deps, currentStaff(request), request.params.id, disabled, request.ip);
      },
    );
  }

  app.post(
    '/api/console/members/:id/deletion/',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "Carry out a member's deletion request",
        description: 'The same steps as the member’s own account deletion. `confirm_email` must be the account’s address. Audited with the e-mail only.',
        security,
        params,
        body: optionalBody(MemberDeletionBody),
        response: { 200: ConsoleMemberActionOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return deleteMember(deps, currentStaff(request), request.params.id, request.body.confirm_email, request.ip);
    },
  );
};
