// zod in/out of the console's merchant and location calls: the shared schemas of
// @market/domain (the console forms parse with the same ones).
import { z } from 'zod';
import { MARKET_IDS } from '@market/domain/markets';
import { listQuery } from '../../lib/console-list.ts';
import { flagParam, idParam, optionalQuery } from '../../lib/query.ts';
import { MERCHANT_SORTS } from './repository.ts';

export {
  ConsoleLocationOut,
  ConsoleLocationWriteOut,
  ConsoleMerchantDetailOut,
  ConsoleMerchantOut,
  ConsoleMerchantPageOut,
} from '@market/domain/api/console-merchants';
export { locationCreateSchema, locationUpdateSchema, merchantCreateSchema, merchantUpdateSchema } from '@market/domain/validation/console-merchants';

export const MerchantListQuery = z.object({
  ...listQuery(MERCHANT_SORTS, '-updated_at'),
  market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose a market among ${MARKET_IDS.join(', ')}.` })),
  category: optionalQuery(idParam),
  certified: flagParam,
});

export const IdParams = z.object({ id: idParam });
