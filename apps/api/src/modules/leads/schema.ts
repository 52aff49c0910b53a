// zod out-schemas of the lead calls; the in-schemas are the shared ones of
// @market/domain/validation/leads (the web forms parse with the very same).
import { z } from 'zod';

export const LeadOut = z.object({
  id: z.number().int().describe('The stored lead'),
  detail: z.string().describe("What the form shows, e.g. 'Form successfully submitted!'"),
});
export type LeadOut = z.infer<typeof LeadOut>;

export const DetailOut = z.object({ detail: z.string() });

export const UnsubscribeQuery = z.object({
  token: z.string().max(200).optional().describe('The token of the link in the newsletter mail'),
});
