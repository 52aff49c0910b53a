// Wallet calls in and out (docs/api.md "Wallet").
import { z } from 'zod';
import { OBJECT_EXPECTED, bodyId } from '@market/domain/validation/fields';

// The answers are the shared schemas of @market/domain/api/wallet (the web client parses with them).
export { GoogleWalletSaveOut, WalletCopyOut, WalletPassesOut } from '@market/domain/api/wallet';

/** POST /api/wallet/copies/, /api/wallet/apple-passes/, /api/wallet/google-passes/ {offer_id}. */
export const WalletOfferIn = z.object({ offer_id: bodyId }, { error: OBJECT_EXPECTED });
