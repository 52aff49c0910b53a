// zod in/out for contests and winners (SPEC.md 3 Contest, Contest winner; section 7 calls). Field
// names are the provider API's, so they stay snake_case.
import { z } from 'zod';
import { flagParam, idParam, limitParam, offsetParam, optionalQuery, placeQuery } from '../../lib/query.ts';
import { requireCoordinatePair } from '../geo/schema.ts';

export const ContestsQuery = z
  .object({
    ...placeQuery,
    offset: offsetParam,
    limit: limitParam,
    slug: optionalQuery(
      z
        .string()
        .trim()
        .max(120, 'Enter a contest slug.')
        .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'Enter a contest slug.')
        .transform((s) => s.toLowerCase()),
    ).describe('Only the contest with this slug'),
    featured: flagParam.describe('1: only the featured contest of the market (the contests banner uses the first item)'),
  })
  .superRefine(requireCoordinatePair);
export type ContestsQuery = z.infer<typeof ContestsQuery>;

export const ContestWinnersQuery = z
  .object({ ...placeQuery, offset: offsetParam, limit: limitParam })
  .superRefine(requireCoordinatePair);
export type ContestWinnersQuery = z.infer<typeof ContestWinnersQuery>;

export const ContestEntityParams = z.object({ id: idParam.describe('Contest entity id (the c= deep-link value)') });

// The answers are the shared schemas of @market/domain/api/contests (the web client parses with them).
export { ClaimOut, ContestEntryOut, ContestItemOut, ContestWinnerOut } from '@market/domain/api/contests';
