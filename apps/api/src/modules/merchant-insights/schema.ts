// The merchant centre's analytics, leads inbox, team and tills in and out (docs/api.md "Merchant
// centre: analytics, leads, team, tills").
import { z } from 'zod';
import { MERCHANT_ROLES } from '../../db/schema/index.ts';
import { MERCHANT_LEAD_STATUSES } from '@market/domain/api/merchant-insights';
import { bodyId } from '@market/domain/validation/fields';
import { CONSOLE_MAX_PAGE, CONSOLE_MAX_PAGE_SIZE, CONSOLE_PAGE_SIZE } from '../../lib/console-list.ts';
import { idParam, optionalQuery } from '../../lib/query.ts';

// The answers are the domain's, shared with the business centre's pages.
export { AnalyticsOut, DeviceOut, MEASURES, MERCHANT_LEAD_STATUSES, MerchantLeadOut, MerchantLeadPageOut, PairedDeviceOut, TeamMemberOut, TillOut } from '@market/domain/api/merchant-insights';
export type { Counts, Measure } from '@market/domain/api/merchant-insights';


export const MAX_SPAN_DAYS = 366;
const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
const isoDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2999-12-31';
  }, DATE_MESSAGE);

const optionalId = optionalQuery(idParam);

export const MerchantParams = z.object({ merchant_id: idParam });

export const AnalyticsQuery = z
  .object({
    from: optionalQuery(isoDate),
    to: optionalQuery(isoDate),
    offer_id: optionalId,
    location_id: optionalId,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;


// ---------------------------------------------------------------------------------------------
// Leads

const pageMessage = `Enter a page from 1 to ${CONSOLE_MAX_PAGE}.`;
const sizeMessage = `Enter a page size from 1 to ${CONSOLE_MAX_PAGE_SIZE}.`;

export const MerchantLeadQuery = z.object({
  status: optionalQuery(z.enum(MERCHANT_LEAD_STATUSES, { error: 'Use new, in_progress or done.' })),
  /** Your own mark: true lists the leads someone of the business marked handled, false the others. */
  handled: optionalQuery(z.enum(['true', 'false'], { error: 'Use true or false.' })).transform((v) => (v === undefined ? undefined : v === 'true')),
  page: optionalQuery(z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(CONSOLE_MAX_PAGE, pageMessage)).transform((v) => v ?? 1),
  page_size: optionalQuery(z.coerce.number({ error: sizeMessage }).int(sizeMessage).min(1, sizeMessage).max(CONSOLE_MAX_PAGE_SIZE, sizeMessage)).transform((v) => v ?? CONSOLE_PAGE_SIZE),
});


export const LeadParams = z.object({ merchant_id: idParam, id: idParam });

export const LeadHandledBody = z.object(
  { handled: z.boolean({ error: (iss) => (iss.input === undefined ? 'This is required' : 'Send true or false.') }) },
  { error: 'Send a JSON object.' },
);


// ---------------------------------------------------------------------------------------------
// Team

export const TeamMemberParams = z.object({ merchant_id: idParam, id: idParam });

const ROLE_MESSAGE = 'Choose owner, manager or cashier.';
const LOCATIONS_MESSAGE = 'Send a list of location ids.';

export const TeamUpdateBody = z
  .object(
    {
      role: z.enum(MERCHANT_ROLES, { error: ROLE_MESSAGE }).optional(),
      location_ids: z.array(bodyId, { error: LOCATIONS_MESSAGE }).max(300, 'Send at most 300 locations.').nullable().optional(),
      /** Your own password: asked for a change of role. */
      current_password: z.string({ error: 'Enter your password.' }).max(200, 'Use at most 200 characters.').optional(),
      version: z.number({ error: 'Send the version you read.' }).int('Send the version you read.').min(1, 'Send the version you read.').max(2_147_483_647, 'Send the version you read.').optional(),
    },
    { error: 'Send a JSON object.' },
  )
  .refine((b) => b.role !== undefined || b.location_ids !== undefined, { message: 'Send a role or location_ids.', path: ['role'] });
export type TeamUpdateBody = z.infer<typeof TeamUpdateBody>;


// ---------------------------------------------------------------------------------------------
// Store devices

export const DeviceParams = z.object({ merchant_id: idParam, id: idParam });

export const DeviceCreateBody = z.object(
  {
    location_id: bodyId,
    name: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'This is required' : 'Enter text.') })
      .trim()
      .min(1, 'This is required')
      .max(80, 'Use at most 80 characters.'),
  },
  { error: 'Send a JSON object.' },
);

