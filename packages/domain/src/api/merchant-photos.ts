// Answers of the merchant photo calls (docs/api.md "Merchant photos"): the API declares its
// responses with them; the business centre's and the console's photo pages parse with them.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

/** A photo as its business and LocalSaver's editors see it. */
export const MerchantPhotoOut = z.object({
  id: z.number().int(),
  url: z.string().describe('Served under /media/'),
  alt: z.string(),
  location_id: z.number().int().nullable().describe('null: shown at every location of the business'),
  position: z.number().int().describe('Ascending; ties by id'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type MerchantPhotoOut = z.infer<typeof MerchantPhotoOut>;

export const MerchantPhotoListOut = z.object({
  photos: z.array(MerchantPhotoOut),
  max: z.number().int().describe('How many photos a business may have'),
});
export type MerchantPhotoListOut = z.infer<typeof MerchantPhotoListOut>;

/** A photo on the saver's merchant page (the location's own and the business-wide ones). */
export const PublicPhotoOut = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PublicPhotoOut = z.infer<typeof PublicPhotoOut>;
