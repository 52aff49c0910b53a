// zod in/out of the console's contest calls. Bodies are the shared schemas of
// @market/domain/validation/console-contests; answers those of @market/domain/api/console-contests.
import { z } from 'zod';
import { CONTEST_STATUSES, ConsoleContestOut, ContestDrawOut } from '@market/domain/api/console-contests';
import { MARKET_IDS } from '@market/domain/markets';
import { listQuery } from '../../lib/console-list.ts';
import { flagParam, optionalQuery } from '../../lib/query.ts';

export { ConsoleContestOut, ConsoleContestPageOut, ContestDrawOut, SweepstakesClaimPageOut } from '@market/domain/api/console-contests';
export { contestCreateSchema, contestUpdateSchema, drawSchema } from '@market/domain/validation/console-contests';

export const ContestListQuery = z.object({
  ...listQuery(['starts_at', 'ends_at', 'name'], '-starts_at'),
  status: optionalQuery(z.enum(CONTEST_STATUSES, { error: `Choose a status among ${CONTEST_STATUSES.join(', ')}.` })),
  market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose a market among ${MARKET_IDS.join(', ')}.` })),
});

export const ClaimListQuery = z.object({
  ...(({ page, page_size }) => ({ page, page_size }))(listQuery(['created_at'], '-created_at')),
  matched: flagParam.describe('1: only the claims whose numbers match a winning number'),
});

/** GET /api/console/contests/{id}/: the contest with its draws, newest first. */
export const ConsoleContestDetailOut = ConsoleContestOut.extend({ draws: z.array(ContestDrawOut) });
