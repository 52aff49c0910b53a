// Answers of search autocomplete (SPEC.md 7: GET /api/searchautocomplete/); search itself answers
// catalogue offers (./catalogue.ts).
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const Suggestion = z.object({
  suggestion: z.string(),
  id: z.string().describe("'merchant:<merchant id>' or 'category:<category slug>'"),
});
export type Suggestion = z.infer<typeof Suggestion>;
