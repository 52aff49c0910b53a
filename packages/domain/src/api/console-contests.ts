// Answers of the console's contest calls and the public draw record (docs/api.md "Staff console",
// docs/operations.md "Contests and leads"), read by the API's serialiser and the console alike.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { pageOf } from './staff.ts';

export const CONTEST_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export const ContestMarketOut = z.object({
  market_id: z.string(),
  is_featured: z.boolean().describe('The featured contest of this market (at most one per market)'),
  entity_ids: z.array(z.number().int()).describe('The contest entities (c= deep-link ids) of this contest in the market'),
});

export const ConsoleContestOut = z.object({
  id: z.number().int(),
  slug: z.string(),
  display_name: z.string(),
  description: z.string().describe('Sanitised HTML'),
  rules: z.string().describe('Sanitised HTML'),
  prize: z.string(),
  starts_at: z.string().describe('YYYY-MM-DD, first day'),
  ends_at: z.string().describe('YYYY-MM-DD, last day (inclusive)'),
  status: z.enum(CONTEST_STATUSES).describe('From the dates and today in Detroit: upcoming, running or ended'),
  is_active: z.boolean(),
  sweepstakes_numbers: z.array(z.string()),
  merchant_id: z.number().int().nullable(),
  win_save_contest_link: z.string().nullable(),
  picture_path: z.string().nullable(),
  banner_path: z.string().nullable(),
  markets: z.array(ContestMarketOut),
  entry_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleContestOut = z.infer<typeof ConsoleContestOut>;
export const ConsoleContestPageOut = pageOf(ConsoleContestOut);

export const ConsoleDrawWinnerOut = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  entry_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  city: z.string(),
  state: z.string(),
  winning: z.string(),
});

/** A draw as recorded: the seed and the entry ids reproduce the winners with `method`. */
export const ContestDrawOut = z.object({
  id: z.number().int(),
  contest_id: z.number().int(),
  drawn_at: z.string(),
  seed: z.number().int(),
  method: z.string().describe('The shuffle: seeded-shuffle-v1 is a partial Fisher-Yates over entry_ids with Random("contest-draw", contest id, seed)'),
  entrants: z.number().int().nullable().describe('Every entry of the contest at draw time (earlier winners included)'),
  eligible_entries: z.number().int(),
  winners_requested: z.number().int(),
  winners_selected: z.number().int(),
  entry_ids: z.array(z.number().int()).describe('The eligible entries drawn from, in entry order'),
  ran_by: z.number().int().nullable().describe('The staff member; null for the command line'),
  winners: z.array(ConsoleDrawWinnerOut),
});
export type ContestDrawOut = z.infer<typeof ContestDrawOut>;

/** GET /api/contests/{entity_id}/draws/: public, without e-mail addresses or member ids. */
export const PublicDrawRecordOut = z.object({
  contest: z.object({ id: z.number().int(), slug: z.string(), display_name: z.string(), starts_at: z.string(), ends_at: z.string() }),
  entry_count: z.number().int(),
  draws: z.array(
    z.object({
      drawn_at: z.string(),
      seed: z.number().int(),
      method: z.string(),
      entrants: z.number().int().nullable(),
      eligible_entries: z.number().int(),
      winners: z.array(z.object({ first_name: z.string(), last_initial: z.string(), city: z.string(), state: z.string() })),
    }),
  ),
});
export type PublicDrawRecordOut = z.infer<typeof PublicDrawRecordOut>;

export const SweepstakesClaimOut = z.object({
  id: z.number().int(),
  created_at: z.string(),
  market_id: z.string(),
  entity_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  numbers: z.array(z.string()),
  matched_numbers: z.array(z.string()),
  is_match: z.boolean(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  reference: z.string().nullable(),
});
export type SweepstakesClaimOut = z.infer<typeof SweepstakesClaimOut>;
export const SweepstakesClaimPageOut = pageOf(SweepstakesClaimOut);
