// /console/offers/:id/preview.pdf: the printed coupon of an offer, any status, marked "PREVIEW -
// NOT VALID FOR REDEMPTION" (GET /api/console/offers/{id}/preview.pdf), shown in the offer page's
// preview beside the card and the modal (passOnPdf: the API's answer, as it arrives).
import type { Route } from './+types/offer-coupon-preview';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { parseId } from '@market/domain/ids';
import { passOnPdf } from '../../lib/console/pdf-response.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id ?? null);
  if (!id) throw new Response(null, { status: 404 });
  const layout = consolePageUrl(request).searchParams.get('layout');
  const query = layout === 'default' || layout === 'home-pros' ? `?layout=${layout}` : '';
  return passOnPdf(await consoleApi(context, request).download(`/api/console/offers/${id}/preview.pdf${query}`));
}
