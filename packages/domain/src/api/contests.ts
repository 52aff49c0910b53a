// Answers of the contest calls (SPEC.md 3 Contest, Contest winner; section 7), read by the API's
// serialiser and the web client alike. Field names are the provider API's, so they stay snake_case.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const ContestItemOut = z.object({
  entity_id: z.number().int(),
  is_featured: z.boolean(),
  contest: z.object({
    id: z.number().int(),
    path: z.string().nullable().describe('Contest picture'),
    banner: z.string().nullable(),
    display_name: z.string(),
    contest_description: z.string().describe('HTML'),
    contest_rules: z.string().describe('HTML'),
    win_save_contest_link: z.string().nullable(),
    slug: z.string(),
    prize: z.string(),
    starts_at: z.string().describe('First day, YYYY-MM-DD'),
    ends_at: z.string().describe('Last day, YYYY-MM-DD'),
    merchant: z.object({ default_location_id: z.number().int().nullable(), slug: z.string() }).nullable(),
  }),
  sweepstakes_numbers: z.array(z.string()).describe('Winning numbers, when the contest has them'),
  entered: z.boolean().describe('Whether the signed-in member has entered; false for anonymous visitors'),
});
export type ContestItemOut = z.infer<typeof ContestItemOut>;

export const ContestWinnerOut = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_initial: z.string().describe('The first letter of the last name, upper-case (the full name is never public)'),
  city: z.string(),
  state: z.string(),
  winning: z.string(),
  selected_at: z.string().describe('ISO 8601 timestamp'),
  drawn: z.boolean().describe("Picked by a recorded draw: the contest's draw record (GET /api/contests/{entity_id}/draws/) lists this winner; false for winners entered by hand"),
  contest: z.object({
    id: z.number().int(),
    slug: z.string(),
    display_name: z.string(),
    entity_id: z.number().int().describe("The contest's entity in the asked market (the lowest id): its draw record is GET /api/contests/{entity_id}/draws/"),
  }),
  display_name: z.string().describe("'First L.'"),
  display_location: z.string().describe("'City ST', the city in capitalised words"),
  display_date: z.string().describe('MM/DD/YYYY'),
});
export type ContestWinnerOut = z.infer<typeof ContestWinnerOut>;

export const ContestEntryOut = z.object({
  id: z.number().int().describe('The entry id'),
  contest: z.number().int().describe('The contest id'),
  entity_id: z.number().int().nullable().describe('The contest entity entered through, when known'),
  entered: z.literal(true),
  created_at: z.string().describe('When the member entered (ISO 8601); the first entry for a repeat'),
  detail: z.string().describe("'You will be notified by e-mail when a winner is selected.'"),
});
export type ContestEntryOut = z.infer<typeof ContestEntryOut>;

export const ClaimOut = z.object({
  id: z.number().int().describe('The stored claim'),
  detail: z.string().describe("'Your entry has been submitted! We'll reach out to you if there's a match!'"),
});
