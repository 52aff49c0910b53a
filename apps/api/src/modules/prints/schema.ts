// Prints, print tokens, the PDF and redemptions in and out (SPEC.md 3 Print record, 7, 8;
// docs/api.md "Endpoint families" for the paths SPEC.md 7 does not name).
import { z } from 'zod';
import { PRINT_KINDS, type PrintKind } from '@market/domain/prints';
import { OBJECT_EXPECTED, bodyId, withAliases } from '@market/domain/validation/fields';
import { flagParam, idParam, optionalQuery } from '../../lib/query.ts';

// The answers are the shared schemas of @market/domain/api/prints (the web client parses with them).
export { PrintRecordOut, PrintTokenOut, RedemptionListOut, RedemptionOut } from '@market/domain/api/prints';

const kind = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'print' : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(PRINT_KINDS as [PrintKind, ...PrintKind[]], { error: 'Use print or download.' }),
);

/** POST /api/printtokens/ {offer_id, kind?}. */
export const PrintTokenIn = z.object({ offer_id: bodyId, kind }, { error: OBJECT_EXPECTED });

/** POST /api/userprints/ {offer} (SPEC.md 7); offer_id is accepted too. */
export const UserPrintIn = z.preprocess(
  (v) => withAliases(v, { offer: ['offer_id'] }),
  z.object({ offer: bodyId, kind }, { error: OBJECT_EXPECTED }),
);

export const PrintsAmountQuery = z.object({
  offer_id: idParam,
  user_id: optionalQuery(idParam).describe('Only your own id is accepted'),
});

export const IdParams = z.object({ id: idParam });

export const RedemptionIn = z.preprocess((v) => withAliases(v, { offer_id: ['offer'] }), z.object({ offer_id: bodyId }, { error: OBJECT_EXPECTED }));

export const PdfQuery = z.object({
  offer_id: idParam,
  token: optionalQuery(z.string().trim().regex(/^[A-Za-z0-9_-]{16,200}$/, 'This print link is not valid.')).describe(
    'A token from POST /api/printtokens/; without one the copy is anonymous (capped per client address)',
  ),
  is_hpg: flagParam.describe('1 for the home-pros layout'),
  download: flagParam.describe('1 to download (attachment) instead of showing inline; anonymous copies also count it as a download'),
});
