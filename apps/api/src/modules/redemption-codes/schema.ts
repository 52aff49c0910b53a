// Redemption codes in and out (docs/api.md "Redemption codes"). The code itself is read by the
// service (@market/domain/redemption-code), so a malformed one is counted against the address
// and answered with the message the web shows beside its field.
import { z } from 'zod';
import { ErrorOut } from '@market/domain/api/auth';
import { CodeRefusedOut } from '@market/domain/api/redemption-codes';
import { OBJECT_EXPECTED, bodyId } from '@market/domain/validation/fields';
import { listQuery } from '../../lib/console-list.ts';
import { idParam, optionalQuery } from '../../lib/query.ts';

export { ATTEMPT_REASONS, CodeAlreadyRedeemedOut, CodeCheckOut, CodeRefusedOut, RedemptionAttemptListOut } from '@market/domain/api/redemption-codes';

export const CodeParams = z.object({
  code: z.string().max(200, 'This code is too long.').describe('The code in any form: 7K3QD-M2XWA-9PTRC, lower case, without dashes, O for 0, I or L for 1'),
});

/** A redeem's 403: the verdict's refusal (other_merchant, wrong_location), or a caller who may not redeem at all. */
export const CodeForbiddenOut = z.union([CodeRefusedOut, ErrorOut]);

/** GET /api/redemption-codes/{code}/?location_id=: where a cashier or manager stands for the verdict. */
export const CheckQuery = z.object({
  location_id: optionalQuery(idParam).describe("A cashier or manager: the location the verdict is for (one of theirs); without it, the offer's location when it is among theirs, or their only one. Ignored for anyone else; a till always uses its own"),
});

/** POST /api/redemption-codes/{code}/redeem/ {location_id?}. */
export const RedeemIn = z.object(
  { location_id: bodyId.optional().describe("Where it is redeemed; a till always uses its own location; without it, the offer's location when the caller may redeem there") },
  { error: OBJECT_EXPECTED },
);

import { ATTEMPT_REASONS } from '@market/domain/api/redemption-codes';

export const AttemptListQuery = z.object({
  ...listQuery(['at'], '-at'),
  reason: optionalQuery(z.enum(ATTEMPT_REASONS, { error: `Choose a reason among ${ATTEMPT_REASONS.join(', ')}.` })),
  merchant_id: optionalQuery(idParam).describe("The offer's merchant or the merchant that tried"),
});
