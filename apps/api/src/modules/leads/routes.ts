// The lead calls of SPEC.md 7, thin: validate with the shared schema, count against the lead rate
// limit, call the service, answer 201. Every answer is private and never cached.
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  MAIL_REMOVAL_FAILED,
  autoLeadSchema,
  businessLeadSchema,
  contractorApplicationSchema,
  magazineLeadSchema,
  mailRemovalSchema,
  newsletterSchema,
  suggestMerchantSchema,
} from '@market/domain/validation/leads';
import type { AppDeps } from '../../context.ts';
import { AppError, fieldErrorsFromIssues } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { UNSUBSCRIBE_PAGE_CSP, acceptOneClickForms, unsubscribePage } from '../mail/lib/unsubscribe.ts';
import { leadRateLimit } from './lib/rate-limit.ts';
import { DetailOut, LeadOut, NewsletterConfirmBody, UnsubscribeQuery } from './schema.ts';
import {
  UNSUBSCRIBED,
  UNSUBSCRIBE_LINK_INVALID,
  confirmNewsletter,
  subscribeNewsletter,
  submitAutoLead,
  submitBusinessLead,
  submitContractorApplication,
  submitMagazineLead,
  submitMailRemoval,
  submitSuggestion,
  unsubscribeNewsletter,
} from './service.ts';

const LIMITS = 'Rate limited per client address with the other lead forms (LEAD_RATE_LIMIT_MAX per LEAD_RATE_LIMIT_WINDOW_SECONDS; 429 with Retry-After).';

const page = (title: string, text: string) => unsubscribePage(title, text);

/** The field messages of a failed validation, as the error handler would answer them. */
function validationFields(request: FastifyRequest): Record<string, string[]> {
  const error = request.validationError as (FastifyError & { validation?: Array<{ instancePath?: string; message?: string }> }) | undefined;
  const issues = (error?.validation ?? []).map((v) => ({ path: (v.instancePath || '').split('/').filter(Boolean), message: v.message ?? 'Invalid value' }));
  return fieldErrorsFromIssues(issues, 'non_field_errors');
}

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const limited = leadRateLimit(app);
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form to the unsubscribe URL.
  acceptOneClickForms(app);

  const lead = <T extends z.ZodType>(path: string, summary: string, description: string, schema: T, submit: (deps: AppDeps, input: z.output<T>) => Promise<LeadOut>) =>
    app.post(
      path,
      {
        preHandler: limited,
        schema: { tags: ['leads'], summary, description: `${description} ${LIMITS}`, body: optionalBody(schema), response: { 201: LeadOut } },
      },
      async (request, reply) => {
        privateNoStore(reply).status(201);
        return submit(deps, request.body as z.output<T>);
      },
    );

  lead(
    '/api/autolead/',
    'Auto lease or test-drive request (SPEC.md 3, 5)',
    "offer_id, offer_type (lease or test-drive), first_name, last_name, email, phone, zip; firstName/lastName/type also accepted. The phone is parsed as a US number and stored as +1 E.164 ('Phone number not recognized'). Forwarded to the office of the dealer's market.",
    autoLeadSchema,
    submitAutoLead,
  );
  lead('/api/suggestmerchant/', 'Suggest a business or contractor (SPEC.md 5)', 'name, city, state (MI, IL, MN or FL), optional kind location | contractor.', suggestMerchantSchema, submitSuggestion);
  lead(
    '/auth/magazine_lead/',
    'Ask for the printed magazine (SPEC.md 7)',
    'first_name, last_name, email, address, optional address2, city, state, zip, optional phone, tracking_id.',
    magazineLeadSchema,
    submitMagazineLead,
  );
  lead(
    '/api/businesslead/',
    'A business interested in advertising',
    'business_name, first_name, last_name, email, phone, city, state (MI, IL, MN, FL), interests (print, digital, home-pros: a list, comma text, or interest_* checkboxes); optional zip, website, message, tracking_id.',
    businessLeadSchema,
    submitBusinessLead,
  );
  lead(
    '/api/contractorapplication/',
    'A home pro applying to be listed (SPEC.md 3)',
    "company_name, first_name, last_name, email, phone, city, state, zip, years_in_business, licensed/insured/bonded/workers_comp ('yes'/'no' become 1/0), project_slugs (ticked slug_* checkboxes are folded in); optional address, website, comments, tracking_id.",
    contractorApplicationSchema,
    submitContractorApplication,
  );

  app.post(
    '/auth/mail_removal/',
    {
      preHandler: limited,
      // The failure text of SPEC.md 8 joins the field messages of a bad submission.
      attachValidation: true,
      schema: {
        tags: ['leads'],
        summary: 'Stop mailing the magazine to an address (SPEC.md 3, 5)',
        description: `streetAddress, city, state, zipCode required; aptOrUnitNumber optional. A 400 also says '${MAIL_REMOVAL_FAILED}' under non_field_errors. ${LIMITS}`,
        body: optionalBody(mailRemovalSchema),
        response: { 201: LeadOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      if (request.validationError) {
        const fields = validationFields(request);
        throw new AppError('invalid', MAIL_REMOVAL_FAILED, { ...fields, non_field_errors: [...(fields.non_field_errors ?? []), MAIL_REMOVAL_FAILED] });
      }
      reply.status(201);
      return submitMailRemoval(deps, request.body);
    },
  );

  app.post(
    '/auth/newsletter/',
    {
      preHandler: limited,
      schema: {
        tags: ['leads'],
        summary: 'Ask for the newsletter (SPEC.md 5, 7); double opt-in',
        description: `email, tracking_id. The same answer whatever the address's state. An address not subscribed is mailed a one-time confirmation link (at most every 15 minutes); only once it is used (POST /auth/newsletter/confirm/) is the address subscribed and mailed a welcome with a one-click unsubscribe link. ${LIMITS}`,
        body: optionalBody(newsletterSchema),
        response: { 201: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return subscribeNewsletter(deps, request.body);
    },
  );

  app.post(
    '/auth/newsletter/confirm/',
    {
      config: { rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['leads'],
        summary: 'Confirm a newsletter subscription with the token of the mailed link (works once, for 3 days)',
        description: 'The web page ${PUBLIC_URL}/newsletter/confirm?token=... sends it. 200 subscribes the address and mails the welcome; an unknown, used or expired token answers 400.',
        body: optionalBody(NewsletterConfirmBody),
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return confirmNewsletter(deps, request.body.token);
    },
  );

  app.get(
    '/auth/newsletter/unsubscribe/',
    {
      schema: {
        tags: ['leads'],
        summary: 'One-click unsubscribe link of the newsletter mails (no login)',
        description: 'Answers a short HTML page: 200 once unsubscribed (again and again), 404 for a link that is not ours.',
        querystring: UnsubscribeQuery,
      },
    },
    async (request, reply) => {
      const result = await unsubscribeNewsletter(deps, request.query.token ?? '');
      privateNoStore(reply).type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').header('content-security-policy', UNSUBSCRIBE_PAGE_CSP);
      if (result === 'unknown') return reply.status(404).send(page('Link not valid', UNSUBSCRIBE_LINK_INVALID));
      return page('Unsubscribed', UNSUBSCRIBED);
    },
  );

  app.post(
    '/auth/newsletter/unsubscribe/',
    {
      schema: {
        tags: ['leads'],
        summary: 'RFC 8058 one-click unsubscribe (mail clients POST List-Unsubscribe=One-Click)',
        querystring: UnsubscribeQuery,
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const result = await unsubscribeNewsletter(deps, request.query.token ?? '');
      if (result === 'unknown') throw new AppError('not_found', UNSUBSCRIBE_LINK_INVALID);
      return { detail: UNSUBSCRIBED };
    },
  );
};
