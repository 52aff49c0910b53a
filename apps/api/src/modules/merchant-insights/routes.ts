// The merchant centre's analytics, leads inbox, team and tills under /api/merchant/{merchant_id}/
// (docs/api.md "Merchant centre: analytics, leads, team, tills"). Analytics and leads: owners and
// managers; team and tills: owners. Owners and managers call in a session that passed the second
// factor (requireMerchantRole). Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MerchantInvitationOut } from '@market/domain/api/merchant-centre';
import { merchantInvitationSchema } from '@market/domain/validation/merchant-centre';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { STORE_DEVICE_HEADER, currentMember, requireMerchantRole, storeDeviceOf } from '../merchant-access/lib/access.ts';
import {
  AnalyticsOut,
  AnalyticsQuery,
  DeviceCreateBody,
  DeviceOut,
  DeviceParams,
  LeadHandledBody,
  LeadParams,
  MerchantLeadOut,
  MerchantLeadPageOut,
  MerchantLeadQuery,
  MerchantParams,
  PairedDeviceOut,
  TillOut,
  TeamMemberOut,
  TeamMemberParams,
  TeamUpdateBody,
} from './schema.ts';
import {
  changeTeamMember,
  currentTill,
  listPendingInvitations,
  inviteTeamPerson,
  listDevices,
  listMerchantLeads,
  listTeam,
  markLeadHandled,
  merchantAnalytics,
  merchantAnalyticsCsv,
  pairDevice,
  removeTeamMember,
  unpairDevice,
} from './service.ts';

const security = [{ bearer: [] }];
const ownerOrManager = requireMerchantRole('owner', 'manager');
const ownerOnly = requireMerchantRole('owner');
const WHO = 'Owners and managers of the business, in a session that passed the second factor.';
const OWNERS = 'Owners of the business, in a session that passed the second factor.';

export const merchantInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/merchant/:merchant_id/analytics/',
    {
      onRequest: ownerOrManager,
      schema: {
        tags: ['merchant: analytics'],
        summary: 'The business dashboard: measures per day, per offer and per location, the funnel, and the previous period',
        description: `${WHO} \`from\`/\`to\` are business days (YYYY-MM-DD, inclusive; default the 30 days to today; at most 366 days). \`offer_id\` and \`location_id\` narrow it to one of the business's offers or locations (404 for any other). Measures: impressions (offer details opened), detail_views (location page views), saves, shares, prints, downloads, verified_redemptions (cashier-confirmed codes), leads. \`change\` is the percentage against the period of the same length just before (null when that was 0).`,
        security,
        params: MerchantParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return merchantAnalytics(deps, currentMember(request).merchantId, request.query);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/analytics.csv',
    {
      onRequest: ownerOrManager,
      schema: {
        tags: ['merchant: analytics'],
        summary: 'The dashboard as a CSV file: one row per day, then the totals and the previous period',
        description: `${WHO} Same filters as the dashboard.`,
        security,
        params: MerchantParams,
        querystring: AnalyticsQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { name, csv } = await merchantAnalyticsCsv(deps, currentMember(request).merchantId, request.query);
      return privateNoStore(reply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/leads/',
    {
      onRequest: ownerOrManager,
      schema: {
        tags: ['merchant: leads'],
        summary: "The business's leads (lease and test-drive requests for its offers), newest first",
        description: `${WHO} \`status\` (new, in_progress, done) is the regional office's follow-up state; \`handled\` (true, false) the business's own mark; spam is never shown. Paged with \`page\` and \`page_size\` (25, at most 100); \`count\` is exact up to 10,000.`,
        security,
        params: MerchantParams,
        querystring: MerchantLeadQuery,
        response: { 200: MerchantLeadPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listMerchantLeads(deps, currentMember(request).merchantId, request.query);
    },
  );

  app.patch(
    '/api/merchant/:merchant_id/leads/:id/',
    {
      onRequest: ownerOrManager,
      schema: {
        tags: ['merchant: leads'],
        summary: 'Mark a lead handled (or not handled again)',
        description: `${WHO} The business's own mark, beside the office's status: \`handled: true\` notes who and when; false clears it. Setting what already stands changes nothing. Audited (lead.merchant_handled).`,
        security,
        params: LeadParams,
        body: optionalBody(LeadHandledBody),
        response: { 200: MerchantLeadOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const member = currentMember(request);
      return markLeadHandled(deps, member, member.merchantId, request.params.id, request.body.handled, request.ip);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/invitations/',
    { onRequest: ownerOnly, schema: { tags: ['merchant: team'], summary: "The team's invitations not yet accepted (at most 100, newest first)", description: OWNERS, security, params: MerchantParams, response: { 200: z.array(MerchantInvitationOut) } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listPendingInvitations(deps, currentMember(request).merchantId);
    },
  );

  app.post(
    '/api/merchant/:merchant_id/invitations/',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['merchant: team'],
        summary: 'Invite a person to the team by e-mail: owner, manager or cashier',
        description: `${OWNERS} The same invitation as the console's: the mail links to \`\${PUBLIC_URL}/business/centre/invitation?token=…\`, works once, for 72 hours. A cashier needs \`location_ids\` (this business's locations). Audited (merchant.invite). 429 past 20 invitations from your account in 24 hours, or 3 mails to the address in an hour (the message names the limit).`,
        security,
        params: MerchantParams,
        body: optionalBody(merchantInvitationSchema),
        response: { 201: MerchantInvitationOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      const member = currentMember(request);
      return inviteTeamPerson(deps, member, member.merchantId, request.body, request.ip);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/team/',
    { onRequest: ownerOnly, schema: { tags: ['merchant: team'], summary: "The business's people: name, e-mail, role and (cashiers) locations", description: OWNERS, security, params: MerchantParams, response: { 200: z.array(TeamMemberOut) } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listTeam(deps, currentMember(request).merchantId);
    },
  );

  app.patch(
    '/api/merchant/:merchant_id/team/:id/',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['merchant: team'],
        summary: "Change a person's role or (cashiers) locations",
        description: `${OWNERS} A change of role asks for your password again (\`current_password\`; a wrong one counts like a failed sign-in of your account, 429 with Retry-After while password sign-in for it is paused). The last owner cannot be demoted (409). \`location_ids\` are locations of this business and apply to cashiers. \`version\`, when sent, must be the one you read (409 with \`current\` otherwise). Audited.`,
        security,
        params: TeamMemberParams,
        body: optionalBody(TeamUpdateBody),
        response: { 200: TeamMemberOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const member = currentMember(request);
      return changeTeamMember(deps, member, member.merchantId, request.params.id, request.body, request.ip);
    },
  );

  app.delete(
    '/api/merchant/:merchant_id/team/:id/',
    {
      onRequest: ownerOnly,
      schema: { tags: ['merchant: team'], summary: 'Take a person off the team (the account stays)', description: `${OWNERS} Not the last owner (409). Audited.`, security, params: TeamMemberParams },
    },
    async (request, reply) => {
      const member = currentMember(request);
      await removeTeamMember(deps, member, member.merchantId, request.params.id, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.get(
    '/api/merchant/till/',
    {
      schema: {
        tags: ['merchant: tills'],
        summary: 'The till calling: the business and location it is paired to',
        description: `A paired till, its token in the \`${STORE_DEVICE_HEADER}\` header (no session needed); 401 when the header names no live till.`,
        response: { 200: TillOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return currentTill(deps, await storeDeviceOf(request));
    },
  );

  app.get(
    '/api/merchant/:merchant_id/devices/',
    { onRequest: ownerOnly, schema: { tags: ['merchant: tills'], summary: "The business's paired tills: name, location, created, last used, revoked", description: OWNERS, security, params: MerchantParams, response: { 200: z.array(DeviceOut) } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listDevices(deps, currentMember(request).merchantId);
    },
  );

  app.post(
    '/api/merchant/:merchant_id/devices/',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['merchant: tills'],
        summary: 'Pair a till to one of the business’s locations; answers its token once',
        description: `${OWNERS} The till sends the token in the \`X-Store-Device\` header to check and redeem codes at that location. Only its SHA-256 is stored: a lost token means pairing again. Audited.`,
        security,
        params: MerchantParams,
        body: optionalBody(DeviceCreateBody),
        response: { 201: PairedDeviceOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      const member = currentMember(request);
      return pairDevice(deps, member, member.merchantId, request.body, request.ip);
    },
  );

  app.delete(
    '/api/merchant/:merchant_id/devices/:id/',
    { onRequest: ownerOnly, schema: { tags: ['merchant: tills'], summary: 'Revoke a till: its token stops working at once', description: `${OWNERS} Revoking a revoked till answers 204 again. Audited.`, security, params: DeviceParams } },
    async (request, reply) => {
      const member = currentMember(request);
      await unpairDevice(deps, member, member.merchantId, request.params.id, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );
};
