// Wraps every page: reads the modal deep links o, c, l (SPEC.md 2 Deep links, 4) and renders the
// open modal. Rules of SPEC.md 4: an inactive or expired offer redirects to its merchant page (when
// it has a merchant slug, else nothing opens); on a merchant page an offer of another merchant opens
// nothing; an opened offer records an impression (in the modal, on the client).
import { latePart } from '../lib/ui/late-parts.tsx';
import { Outlet, redirect, useLoaderData } from 'react-router';
import { offerShareLink, stripLocationFromLink } from '@market/domain/share-link';
import { businessToday, expiryStatus } from '@market/domain/expiry';
import type { Route } from './+types/page-layout';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { ModalData } from '../components/modals.tsx';
import { useReturnFocus } from '../lib/ui/return-focus.ts';
import { apiFrom, unlessNotFound, withApiErrors } from '../lib/api/api.server.ts';
import { parseId } from '@market/domain/ids';
import { webRequestContext } from '../lib/server/request-context.ts';
import { useUi } from '../root.tsx';
import type { LocationDetail, OfferDetail } from '../lib/api/api-types.ts';
import type * as ModalsModuleTypes from '../components/modals.tsx';

const MERCHANT_PATH = /^\/merchants\/([^/]+)\/(\d{1,9})\/?$/;

function sameMerchant(offer: OfferDetail, location: LocationDetail): boolean {
  if (offer.merchant_id && location.merchant.id) return offer.merchant_id === location.merchant.id;
  return Boolean(offer.merchant.slug) && offer.merchant.slug === location.merchant_slug;
}

export const loader = withApiErrors(async (args: Route.LoaderArgs): Promise<{ modal: ModalData | null }> => {
  const result = await findModal(args);
  if (result.modal) await loadModals();
  return result;
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

async function findModal({ request, context }: Route.LoaderArgs): Promise<{ modal: ModalData | null }> {
  const url = new URL(request.url);
  const { publicUrl } = context.get(webRequestContext);
  const api = apiFrom(context);
  const here = stripLocationFromLink(`${publicUrl}${url.pathname}${url.search}`);

  const offerId = parseId(url.searchParams.get('o'));
  if (offerId) {
    const offer = await unlessNotFound(api.offer(offerId));
    if (!offer) return { modal: null };
    // SPEC.md 4: an expired detail counts as none, and like an inactive offer its link goes to
    // the merchant's page. The API says so while its answer is fresh; the date rule (from the start
    // of today) also catches an answer kept from before midnight.
    if (!offer.is_active || offer.expiry_status === 'expired' || expiryStatus(offer.expires_at) !== 'active') {
      if (!offer.merchant.slug) return { modal: null };
      const locationId = offer.location?.id;
      throw redirect(locationId ? `/merchants/${encodeURIComponent(offer.merchant.slug)}/${locationId}` : `/merchants/${encodeURIComponent(offer.merchant.slug)}/`);
    }
    const onMerchantPage = MERCHANT_PATH.exec(url.pathname);
    const locationId = onMerchantPage ? Number(onMerchantPage[2]) : offer.location?.id;
    const location = locationId ? await unlessNotFound(api.location(locationId)) : null;
    if (onMerchantPage && (!location || !sameMerchant(offer, location))) return { modal: null };
    const shareLocationId = offer.location?.id ?? location?.id;
    const shareUrl = offer.merchant.slug && shareLocationId ? offerShareLink(publicUrl, offer.merchant.slug, shareLocationId, offer.id) : here;
    return { modal: { kind: 'offer', offer, location, shareUrl } };
  }

  const contestId = parseId(url.searchParams.get('c'));
  if (contestId) {
    // The draw record only decides the "How the winners were drawn" link (shown once the contest
    // has ended or has a draw): its failure hides the link, never the modal.
    const [contest, drawn] = await Promise.all([
      unlessNotFound(api.contest(contestId)),
      api.contestDraws(contestId).then((record) => record.draws.length > 0, () => false),
    ]);
    const drawRecordLink = drawn || (contest !== null && contest.contest.ends_at < businessToday());
    return { modal: contest ? { kind: 'contest', contest, shareUrl: here, drawRecordLink } : null };
  }

  const locationId = parseId(url.searchParams.get('l'));
  if (locationId) {
    const location = await unlessNotFound(api.location(locationId));
    return { modal: location ? { kind: 'location', location, shareUrl: here } : null };
  }
  return { modal: null };
}

// The modals' code (Radix dialog and menus) loads in the browser only when one opens; the server
// renders it in place so a shared link arrives with the modal open. Until the code has arrived a
// click on the modal's buttons is kept and replayed, and the page is not marked hydrated (late-parts.tsx).
type ModalsModule = typeof ModalsModuleTypes;
type ModalHostProps = Parameters<ModalsModule['ModalHost']>[0];
let modalsModule: ModalsModule | null = null;
const loadModals = () => import('../components/modals.tsx').then((m) => (modalsModule = m));
/** The server renders the module its loader loaded; the browser fetches it as hydration reaches it. */
const ModalHost = latePart<ModalHostProps>(
  () => loadModals().then((m) => m.ModalHost),
  { onServer: () => modalsModule?.ModalHost ?? null },
);

export default function PageLayout() {
  const { modal } = useLoaderData<typeof loader>();
  const ui = useUi();
  useReturnFocus(Boolean(modal));
  return (
    <>
      <Outlet />
      {modal ? (
        <ModalHost modal={modal} onOpen={() => ui.setMenuOpen(false)} />
      ) : null}
    </>
  );
}
