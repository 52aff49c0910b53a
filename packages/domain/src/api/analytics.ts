// Answers of the analytics reports (daily counters of an offer, location or merchant).
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { DAILY_METRICS } from '../analytics.ts';

export const SCOPES = ['offer', 'location', 'merchant'] as const;
export type Scope = (typeof SCOPES)[number];

const Counters = Object.fromEntries(DAILY_METRICS.map((m) => [m, z.number().int()])) as Record<(typeof DAILY_METRICS)[number], z.ZodNumber>;
export const DailyRow = z.object({ day: z.string(), ...Counters });
export type DailyRow = z.infer<typeof DailyRow>;

export const DailyOut = z.object({
  scope: z.enum(SCOPES),
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.array(DailyRow).describe('One row per day that has any count, oldest first'),
  totals: z.object(Counters),
});
export type DailyOut = z.infer<typeof DailyOut>;
