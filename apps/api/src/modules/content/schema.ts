// zod in for the content service (SPEC.md 3 Callouts, 7).
import { z } from 'zod';
import { US_STATE_CODES } from '@market/domain/markets';
import { optionalQuery } from '../../lib/query.ts';

const STATE_MESSAGE = 'Use a two-letter US state code.';

export const CalloutsQuery = z.object({
  state: optionalQuery(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, STATE_MESSAGE)
      .transform((s) => s.toUpperCase())
      .refine((s) => US_STATE_CODES.has(s), STATE_MESSAGE),
  ).describe("The visitor's state; Michigan when absent (SPEC.md 1 default state)"),
});

// The answers are the shared schemas of @market/domain/api/content (the web client parses with them).
export { CalloutOut, CalloutSettingsOut, CalloutsOut } from '@market/domain/api/content';
