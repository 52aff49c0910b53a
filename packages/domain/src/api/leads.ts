// Answers of the lead calls; the request bodies are the shared schemas of ../validation/leads
// (the web forms parse with the very same).
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const LeadOut = z.object({
  id: z.number().int().describe('The stored lead'),
  detail: z.string().describe("What the form shows, e.g. 'Form successfully submitted!'"),
});
export type LeadOut = z.infer<typeof LeadOut>;
