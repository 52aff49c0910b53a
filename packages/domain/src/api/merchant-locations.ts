// Answers of the merchant centre's locations calls (docs/api.md "Merchant centre: locations"): the
// API declares its responses with them and the business centre's locations page parses with them.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

const Range = z.object({ open: z.string(), close: z.string() });

export const EditableLocationOut = z.object({
  id: z.number().int(),
  display_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
  website_url: z.string().nullable(),
  menu_url: z.string().nullable(),
  booking_url: z.string().nullable(),
  opening_hours: z.record(z.string(), z.array(Range)).nullable(),
  version: z.number().int(),
});
export type EditableLocationOut = z.infer<typeof EditableLocationOut>;

export const MerchantListingOut = z.object({
  merchant: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable(), photo_url: z.string().nullable() }),
  locations: z.array(EditableLocationOut),
});
export type MerchantListingOut = z.infer<typeof MerchantListingOut>;
