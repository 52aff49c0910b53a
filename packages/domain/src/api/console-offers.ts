// Answers of the staff console's offer calls (docs/api.md "Staff console: offers").
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { OFFER_STATUSES } from '../offer-status.ts';
import { offerValueSchema } from '../offer-value.ts';
import { pageOf } from './staff.ts';

export const ConsoleOfferStatus = z.enum(OFFER_STATUSES).describe('draft and paused are set by staff; scheduled (before starts_at), live and expired (after expires_at) follow from the dates');

const FinePrintOut = z
  .object({
    days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).optional(),
    hours: z.object({ from: z.string(), to: z.string() }).optional(),
    min_purchase_cents: z.number().int().optional(),
    new_customers_only: z.boolean().optional(),
    service: z.enum(['dine_in', 'takeout', 'both']).optional(),
    limit: z.enum(['one_per_household', 'one_per_visit', 'one_per_customer']).optional(),
    exclusions: z.string().optional(),
  })
  .describe('Structured fine print (@market/domain/fine-print)');

const OfferMerchantRef = z.object({ id: z.number().int(), name: z.string() });
const OfferLocationRef = z.object({ id: z.number().int(), display_name: z.string(), address: z.string(), city: z.string(), state: z.string(), market_id: z.string() });

/** One row of GET /api/console/offers/. */
export const ConsoleOfferListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ConsoleOfferStatus,
  version: z.number().int(),
  merchant: OfferMerchantRef,
  location: OfferLocationRef,
  market_id: z.string(),
  category_id: z.number().int(),
  starts_at: z.string().nullable(),
  expires_at: z.string(),
  is_featured: z.boolean(),
  secondary_type: z.enum(['lease', 'purchase', 'other']),
  updated_at: z.string(),
});
export type ConsoleOfferListItem = z.infer<typeof ConsoleOfferListItem>;

/** GET/PATCH /api/console/offers/{id}/ and every write's answer (also the 409's `current`). */
export const ConsoleOffer = ConsoleOfferListItem.extend({
  slug: z.string(),
  subcategory_ids: z.array(z.number().int()),
  description: z.string().describe('Sanitised HTML'),
  picture_path: z.string().nullable(),
  max_prints: z.number().int(),
  code: z.string().describe('Empty: the coupon shows the code derived from the id'),
  external_offer_url: z.string(),
  retailer_terms: z.string().describe('Sanitised HTML'),
  consumer_terms: z.string().describe('Sanitised HTML'),
  fine_print: FinePrintOut.nullable(),
  fine_print_lines: z.array(z.string()).describe('The fine print as savers read it'),
  value: offerValueSchema.nullable().describe('Structured value (@market/domain/offer-value): amount_off, percent_off, bogo, price or free_item'),
  badge: z.string().nullable().describe("The value as the card's badge reads: '$5 off', 'BOGO'; null without a value"),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type ConsoleOffer = z.infer<typeof ConsoleOffer>;

export const ConsoleOfferPage = pageOf(ConsoleOfferListItem);
export type ConsoleOfferPage = z.infer<typeof ConsoleOfferPage>;
