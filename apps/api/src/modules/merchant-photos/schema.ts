// Merchant photos in and out (docs/api.md "Merchant photos"). The answers and the field rules
// are the domain's, shared with the business centre's and the console's photo pages.
import { z } from 'zod';
import { idParam } from '../../lib/query.ts';

export { MerchantPhotoListOut, MerchantPhotoOut, PublicPhotoOut } from '@market/domain/api/merchant-photos';
export { photoUpdateSchema as PhotoUpdateBody } from '@market/domain/validation/merchant-photos';

export const CentrePhotoParams = z.object({ merchant_id: idParam, id: idParam });
export const ConsolePhotoParams = z.object({ id: idParam, photo_id: idParam });
