// zod in/out of the console's content calls. Bodies are the shared schemas of
// @market/domain/validation/console-content; answers those of @market/domain/api/console-content.
import { z } from 'zod';
import { MARKET_IDS, US_STATE_CODES } from '@market/domain/markets';
import { listQuery } from '../../lib/console-list.ts';
import { flagParam, optionalQuery } from '../../lib/query.ts';

export { CalloutSettingsOut, ConsoleCalloutOut, ConsoleCalloutPageOut, MerchantSpotlightOut, SpotlightPageOut } from '@market/domain/api/console-content';
export { calloutCreateSchema, calloutSettingsSchema, calloutUpdateSchema, spotlightSchema } from '@market/domain/validation/console-content';

const STATE_MESSAGE = 'Use a two-letter US state code.';

export const CalloutListQuery = z.object({
  ...listQuery(['order', 'id'], 'order'),
  is_default: flagParam.describe('1: the default (fallback) set; 0: the regular callouts'),
  state: optionalQuery(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => US_STATE_CODES.has(s), STATE_MESSAGE),
  ).describe('Callouts shown in this state (their own or every state)'),
});

export const SpotlightListQuery = z.object({
  ...listQuery(['name'], 'name'),
  market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose a market among ${MARKET_IDS.join(', ')}.` })).describe("The market to list; by default the staff member's first"),
  spotlight: flagParam.describe('1: only the pros in the spotlight; 0: only those not in it'),
});
