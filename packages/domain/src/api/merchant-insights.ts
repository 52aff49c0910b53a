// Answers of the merchant centre's analytics, leads, team and tills calls (docs/api.md "Merchant
// centre: analytics, leads, team, tills"): the API declares its responses with them and the
// business centre's pages parse with them.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

/** The measures of the dashboard, in the order the CSV shows them. */
export const MEASURES = ['impressions', 'detail_views', 'saves', 'shares', 'prints', 'downloads', 'verified_redemptions', 'leads'] as const;
export type Measure = (typeof MEASURES)[number];

const Counts = z.object(Object.fromEntries(MEASURES.map((m) => [m, z.number().int()])) as Record<Measure, z.ZodNumber>);
export type Counts = z.infer<typeof Counts>;

export const AnalyticsOut = z.object({
  merchant_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  offer_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  /** The period of the same length just before from..to. */
  previous: z.object({ from: z.string(), to: z.string() }),
  totals: Counts,
  previous_totals: Counts,
  /** Percentage change against the previous period per measure (null when the previous was 0). */
  change: z.object(Object.fromEntries(MEASURES.map((m) => [m, z.number().nullable()])) as Record<Measure, z.ZodNullable<z.ZodNumber>>),
  funnel: z.array(z.object({ step: z.enum(['viewed', 'took_a_copy', 'redeemed']), count: z.number().int(), rate: z.number().nullable() })),
  days: z.array(Counts.extend({ day: z.string() })),
  offers: z.array(Counts.extend({ offer_id: z.number().int(), name: z.string(), location_id: z.number().int() })),
  locations: z.array(Counts.extend({ location_id: z.number().int(), name: z.string(), city: z.string() })),
});
export type AnalyticsOut = z.infer<typeof AnalyticsOut>;

export const MERCHANT_LEAD_STATUSES = ['new', 'in_progress', 'done'] as const;

export const MerchantLeadOut = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(MERCHANT_LEAD_STATUSES),
  created_at: z.string(),
  request: z.string().nullable(),
  offer_id: z.number().int().nullable(),
  offer_name: z.string().nullable(),
  location_id: z.number().int().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  zip: z.string().nullable(),
  /** When someone of the business marked it handled (null: not handled), and who. */
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type MerchantLeadOut = z.infer<typeof MerchantLeadOut>;

export const MerchantLeadPageOut = z.object({ results: z.array(MerchantLeadOut), count: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const TeamMemberOut = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'manager', 'cashier']),
  /** Cashiers: the locations they redeem at; owners and managers: null (every location). */
  location_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type TeamMemberOut = z.infer<typeof TeamMemberOut>;

export const DeviceOut = z.object({
  id: z.number().int(),
  name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type DeviceOut = z.infer<typeof DeviceOut>;

export const PairedDeviceOut = DeviceOut.extend({
  /** The till's token: shown once, stored only as its SHA-256. Send it as `X-Store-Device`. */
  token: z.string(),
});

/** GET /api/merchant/till/: the till calling, as it shows itself. */
export const TillOut = z.object({
  id: z.number().int(),
  name: z.string(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  city: z.string(),
});
