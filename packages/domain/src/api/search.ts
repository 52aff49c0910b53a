// Answers of search autocomplete (SPEC.md 7: GET /api/searchautocomplete/); search itself answers
// catalogue offers (./catalogue.ts).
import '../validation/zod-jitless.ts';
import { z } from 'zod';

import { SUGGESTION_GROUPS } from '../suggestion-groups.ts';

export const Suggestion = z.object({
  suggestion: z.string(),
  id: z.string().describe("'merchant:<merchant id>', 'category:<category slug>' or 'place:<place id>'"),
  group: z.enum(SUGGESTION_GROUPS).describe('What the suggestion names; the answer lists categories, then merchants, then places'),
  place: z
    .object({ city: z.string(), state: z.string(), lat: z.number(), lng: z.number() })
    .optional()
    .describe('For a place: where it is (the location query of a listing near it)'),
});
export type Suggestion = z.infer<typeof Suggestion>;
