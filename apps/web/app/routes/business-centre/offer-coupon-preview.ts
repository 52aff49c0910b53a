// /business/centre/:merchantId/offers/:id/preview.pdf: the printed coupon of a proposal, marked
// "PREVIEW - NOT VALID FOR REDEMPTION" (GET /api/merchant/{merchant_id}/offers/{id}/preview.pdf),
// shown in the offer page's preview beside the card and the modal.
import type { Route } from './+types/offer-coupon-preview';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { parseId } from '@market/domain/ids';
import { passOnPdf } from '../../lib/console/pdf-response.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const merchantId = parseId(params.merchantId ?? null);
  const id = parseId(params.id ?? null);
  if (!merchantId || !id) throw new Response(null, { status: 404 });
  return passOnPdf(await centreApi(context, request).download(`/api/merchant/${merchantId}/offers/${id}/preview.pdf`));
}
