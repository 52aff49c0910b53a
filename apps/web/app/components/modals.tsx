// The modals opened from the address (SPEC.md 2 Deep links, Coupon modal, Contest modal; 4):
// o (offer), c (contest), l (location). The page layout's loader fetches what they show, so a
// shared link renders the open modal on the server. Closing goes back to where the visitor came
// from, or to the same page without the parameter.
import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { expiryLabel } from '@market/domain/expiry';
import type { Contest, LocationDetail, OfferDetail } from '../lib/api/api-types.ts';
import { recordEvent } from '../lib/api/analytics.ts';
import { useHydrated } from '../lib/ui/hooks.ts';
import { latePart } from '../lib/ui/late-parts.tsx';
import { mapsHref } from '../lib/content/maps.ts';
import { withoutModal } from '../lib/ui/modal-links.ts';
import { CertifiedBadge } from './certified-badge.tsx';
import { merchantHref, OfferGrid } from './offer-card.tsx';
import { ShareMenu } from './share-menu.tsx';
import { SaveButton } from './save-button.tsx';
import { ContestEntry } from './contest-entry.tsx';
import { CouponActions } from './coupon-actions.tsx';
import { ValueBadge } from './value-badge.tsx';
import { useSavedDrawer } from '../lib/member/saved-drawer-state.tsx';

// The lease form carries the phone parser: it loads only with a Michigan car offer.
const LeaseForm = latePart(() => import('./lease-form.tsx').then((m) => m.LeaseForm));

export type ModalData =
  | { kind: 'offer'; offer: OfferDetail; location: LocationDetail | null; shareUrl: string }
  | { kind: 'contest'; contest: Contest; shareUrl: string; /** Link the draw record: the contest has ended or has a draw. */ drawRecordLink: boolean }
  | { kind: 'location'; location: LocationDetail; shareUrl: string };

function useCloseModal() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const state = location.state as { modalFromList?: boolean } | null;
    // The address is restored: back to the list entry it was opened from, else the page without o/c/l.
    if (state?.modalFromList && window.history.length > 1) void navigate(-1);
    else void navigate(withoutModal(location), { replace: true, preventScrollReset: true });
  };
}

function ModalFrame({ title, children, className, onClose, header }: { title: string; children: ReactNode; className: string; onClose: () => void; header?: ReactNode }) {
  // A portal cannot render on the server: a shared link shows the modal in place until hydration.
  const hydrated = useHydrated();
  const Wrapper = hydrated ? Dialog.Portal : Fragment;
  const titleId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Wrapper>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className={`dialog modal ${className}`} aria-describedby={undefined} aria-labelledby={titleId}>
          <div className="modal-header">
            <Dialog.Close className="btn btn-outline btn-small back-button">
              <span aria-hidden="true">←</span> Back
            </Dialog.Close>
            <div className="modal-actions">{header}</div>
          </div>
          <Dialog.Title className="modal-title" id={titleId}>
            {title}
          </Dialog.Title>
          {children}
        </Dialog.Content>
      </Wrapper>
    </Dialog.Root>
  );
}


function OfferModal({ data, onOpen }: { data: Extract<ModalData, { kind: 'offer' }>; onOpen: () => void }) {
  const close = useCloseModal();
  const { offer, location } = data;
  const merchantName = offer.merchant.name ?? location?.merchant_name ?? '';
  const place = offer.location ?? location;
  const locationId = offer.location?.id ?? location?.id ?? 0;
  const car = offer.secondary_type === 'lease' || offer.secondary_type === 'purchase';

  const opened = useEffectEvent(() => {
    onOpen();
    // SPEC.md 4: an opened offer records an impression (fire-and-forget, SPEC.md 7).
    recordEvent('offer.impression', { offer: offer.id, location: locationId || undefined });
  });
  // Once per offer shown, not on every render of the modal.
  useEffect(() => opened(), [offer.id]);

  return (
    <ModalFrame
      title={offer.name}
      className="offer-modal"
      onClose={close}
      header={
        <>
          <SaveButton kind="offer" id={offer.id} label={offer.name} />
          <ShareMenu link={data.shareUrl} title={offer.name} offerId={offer.id} locationId={locationId || undefined} />
        </>
      }
    >
      <div className="offer-modal-body">
        <div className="offer-media">
          {offer.merchant_logo ? <img src={offer.merchant_logo} alt="" width={120} height={120} className="offer-logo" /> : null}
          {offer.path ? <img src={offer.path} alt="" width={480} height={270} className="offer-picture" /> : null}
        </div>
        <div className="offer-info">
          {merchantName && offer.merchant.slug ? (
            <p className="offer-merchant">
              <Link to={merchantHref(offer.merchant.slug, locationId)}>{merchantName}</Link>
            </p>
          ) : null}
          <ValueBadge value={offer.value} badge={offer.badge} size="modal" />
          <div className="row wrap">
            {offer.is_featured ? <span className="badge">Featured</span> : null}
            {offer.is_certified ? <CertifiedBadge /> : null}
          </div>
          <p className={`offer-expiry ${offer.expiry_status === 'expired' ? 'expired' : ''}`}>{expiryLabel(offer.expires_at, offer.expiry_status)}</p>
          {place ? (
            <p className="offer-address">
              <a href={mapsHref([place.address, place.city, `${place.state} ${place.zip}`])} target="_blank" rel="noopener noreferrer">
                {[place.address, place.city, `${place.state} ${place.zip}`].filter((s) => s && s.trim()).join(', ')}
                <span className="visually-hidden"> (opens a map in a new tab)</span>
              </a>
            </p>
          ) : null}
          <CouponActions offer={offer} locationId={locationId} />
          {car && place?.state === 'MI' ? (
            <LeaseForm offerId={offer.id} secondaryType={offer.secondary_type} />
          ) : null}
          <div className="row wrap">
            {offer.external_offer_url ? (
              <a href={offer.external_offer_url} className="btn btn-outline" target="_blank" rel="noopener noreferrer">
                Redeem Online
              </a>
            ) : null}
            {offer.merchant.slug ? (
              <Link to={merchantHref(offer.merchant.slug, locationId, true)} className="btn btn-outline">
                More Offers
              </Link>
            ) : null}
          </div>
          {offer.fine_print_lines?.length ? (
            <section aria-labelledby="offer-fine-print">
              <h3 id="offer-fine-print">Fine Print</h3>
              <ul className="fine-print small">
                {offer.fine_print_lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="offer-details">
            <h3 id="offer-details">Details</h3>
            {offer.description ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: offer.description }} /> : <p className="muted">No further details.</p>}
          </section>
          {offer.retailer_terms ? (
            <section aria-labelledby="offer-retailer-terms">
              <h3 id="offer-retailer-terms">Retailer Terms</h3>
              <div className="rich-text small" dangerouslySetInnerHTML={{ __html: offer.retailer_terms }} />
            </section>
          ) : null}
          {offer.consumer_terms ? (
            <section aria-labelledby="offer-consumer-terms">
              <h3 id="offer-consumer-terms">Consumer Terms</h3>
              <div className="rich-text small" dangerouslySetInnerHTML={{ __html: offer.consumer_terms }} />
            </section>
          ) : null}
        </div>
      </div>
    </ModalFrame>
  );
}

function ContestModal({ data, onOpen }: { data: Extract<ModalData, { kind: 'contest' }>; onOpen: () => void }) {
  const close = useCloseModal();
  const { contest } = data;
  const c = contest.contest;
  const [rulesOpen, setRulesOpen] = useState(false);
  // A click kept from before hydration must not open the rules in the same render that moves the
  // contest window into its portal: the rules would sit under it and Escape would close both.
  const hydrated = useHydrated();
  const opened = useEffectEvent(onOpen);
  useEffect(() => opened(), [contest.entity_id]);
  const viewLocation = c.merchant?.slug && c.merchant.default_location_id ? merchantHref(c.merchant.slug, c.merchant.default_location_id) : null;
  return (
    <ModalFrame title={c.display_name} className="contest-modal" onClose={close} header={
        <>
          <SaveButton kind="contest" id={contest.entity_id} label={c.display_name} />
          <ShareMenu link={data.shareUrl} title={c.display_name} />
        </>
      }
    >
      {c.banner ?? c.path ? <img src={(c.banner ?? c.path)!} alt="" className="contest-banner" width={960} height={320} /> : null}
      {c.contest_description ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: c.contest_description }} /> : null}
      <ContestEntry contest={contest} />
      <p className="row wrap">
        {viewLocation ? <Link to={viewLocation}>View Location</Link> : null}
        <button type="button" className="link-button" onClick={() => hydrated && setRulesOpen(true)}>
          Read Contest rules
        </button>
        {data.drawRecordLink ? <Link to={`/contests/${contest.entity_id}/draws`}>How the winners were drawn</Link> : null}
        <Link to="/terms">Terms of Use</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </p>
      <Dialog.Root open={rulesOpen} onOpenChange={setRulesOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay nested" />
          <Dialog.Content className="dialog rules-dialog" aria-describedby={undefined}>
            <div className="sheet-header">
              <Dialog.Title>Contest Rules</Dialog.Title>
              <Dialog.Close className="icon-btn" aria-label="Close rules">×</Dialog.Close>
            </div>
            <div className="rich-text small" dangerouslySetInnerHTML={{ __html: c.contest_rules || '<p>No rules were published for this contest.</p>' }} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </ModalFrame>
  );
}

function LocationModal({ data, onOpen }: { data: Extract<ModalData, { kind: 'location' }>; onOpen: () => void }) {
  const close = useCloseModal();
  const loc = data.location;
  const opened = useEffectEvent(() => {
    onOpen();
    recordEvent('location.view', { location: loc.id });
  });
  useEffect(() => opened(), [loc.id]);
  return (
    <ModalFrame title={loc.display_name || loc.merchant_name} className="location-modal" onClose={close} header={
        <>
          <SaveButton kind="location" id={loc.id} label={loc.display_name || loc.merchant_name} />
          <ShareMenu link={data.shareUrl} title={loc.display_name} locationId={loc.id} />
        </>
      }
    >
      <p>
        <a href={mapsHref([loc.address, loc.city, `${loc.state} ${loc.zip}`])} target="_blank" rel="noopener noreferrer">
          {[loc.address, loc.address2, loc.city, `${loc.state} ${loc.zip}`].filter((s) => s && s.trim()).join(', ')}
        </a>
      </p>
      <p>
        <Link to={merchantHref(loc.merchant_slug, loc.id)}>View Location</Link>
      </p>
      {loc.entities.length ? <OfferGrid offers={loc.entities} label={`Offers at ${loc.display_name}`} /> : <p className="muted">No Online Offers</p>}
    </ModalFrame>
  );
}

export function ModalHost({ modal, onOpen }: { modal: ModalData | null; onOpen: () => void }) {
  const drawer = useSavedDrawer();
  const open = () => {
    // SPEC.md 4: opening an offer modal closes the user menu (the saved drawer) and the mobile menu.
    drawer.setDrawerOpen(false);
    onOpen();
  };
  if (!modal) return null;
  if (modal.kind === 'offer') return <OfferModal key={`o${modal.offer.id}`} data={modal} onOpen={open} />;
  if (modal.kind === 'contest') return <ContestModal key={`c${modal.contest.entity_id}`} data={modal} onOpen={open} />;
  return <LocationModal key={`l${modal.location.id}`} data={modal} onOpen={open} />;
}
