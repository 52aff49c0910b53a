import { z } from 'zod';

export const MarketOut = z.object({
  id: z.string(),
  name: z.string(),
  fullAdministrativeArea: z.string(),
  telephone: z.string(),
  fax: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  contact_email: z.string(),
  opening_hours: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().describe('Listing radius in metres'),
});
export type MarketOut = z.infer<typeof MarketOut>;
