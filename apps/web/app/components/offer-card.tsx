// Offer card (SPEC.md 2): logo (the picture for lease and purchase offers), main text, merchant
// link, address, 'Expires: {date}', 'Featured' ribbon, certified badge, 'N More Offers'. The card
// link is the current page with o={offer id}: it opens the offer modal, and is a real URL.
import { Link, useLocation } from 'react-router';
import { formatDisplayDate } from '@market/domain/expiry';
import { formatDistance } from '@market/domain/list-sort';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { CertifiedBadge } from './certified-badge.tsx';
import { SaveButton } from './save-button.tsx';
import { ValueBadge } from './value-badge.tsx';
import { modalHref } from '../lib/ui/modal-links.ts';

export function merchantHref(slug: string, locationId: number, offers = false): string {
  return `/merchants/${encodeURIComponent(slug)}/${locationId}${offers ? '?offers=true' : ''}`;
}

/**
 * `atItsLocation`: the card sits on its own location's page, where the merchant link and
 * 'N More Offers' would only lead back to the page itself.
 */
export function OfferCard({ offer, headingLevel = 3, atItsLocation = false }: { offer: OfferListItem; headingLevel?: 2 | 3; atItsLocation?: boolean }) {
  const location = useLocation();
  const car = offer.secondary_type === 'lease' || offer.secondary_type === 'purchase';
  const image = car ? offer.path ?? offer.merchant_logo : offer.merchant_logo ?? offer.path;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const address = [offer.location.address, offer.location.city, offer.location.state].filter(Boolean).join(', ');
  const distance = formatDistance(offer.distance);
  return (
    <article className={`card offer-card ${offer.is_featured ? 'featured' : ''}`} data-offer-id={offer.entitiable_id}>
      {offer.is_featured ? <span className="ribbon">Featured</span> : null}
      <div className={`card-media ${car ? 'picture' : 'logo'}`}>
        {image ? <img src={image} alt="" loading="lazy" width={car ? 320 : 120} height={car ? 180 : 120} /> : <span className="logo-fallback" aria-hidden="true">{offer.merchant_name.slice(0, 1)}</span>}
      </div>
      <div className="card-body">
        <ValueBadge value={offer.value} badge={offer.badge} />
        {atItsLocation ? (
          <span className="merchant-link">{offer.merchant_name}</span>
        ) : (
          <Link to={merchantHref(offer.merchant_slug, offer.location_id)} className="merchant-link">
            {offer.merchant_name}
          </Link>
        )}
        <Heading className="card-title">
          <Link to={modalHref(location, 'o', offer.entitiable_id)} preventScrollReset state={{ modalFromList: true }} className="stretched">
            {offer.name}
          </Link>
        </Heading>
        {address || distance ? (
          <p className="card-address">
            {distance ? <span className="card-distance">{distance}</span> : null}
            {distance && address ? ' · ' : null}
            {address}
          </p>
        ) : null}
        <p className="card-expiry">Expires: {formatDisplayDate(offer.expires_at)}</p>
        <NowLabels offer={offer} />
        <div className="card-footer">
          {offer.is_certified ? <CertifiedBadge /> : null}
          <SaveButton kind="offer" id={offer.entitiable_id} label={offer.name} />
          {offer.additional_offers > 0 && !atItsLocation ? (
            <Link to={merchantHref(offer.merchant_slug, offer.location_id, true)} className="more-offers">
              {offer.additional_offers} More {offer.additional_offers === 1 ? 'Offer' : 'Offers'}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * "Open now · Closes 9 pm" and "Valid today": strings the API computed for this request in the
 * location's time zone (docs/api.md "Open now and valid today"); the card only shows them, in words
 * (the marks beside them are decoration).
 */
export function NowLabels({ offer }: { offer: Pick<OfferListItem, 'open_now' | 'hours_label' | 'valid_label' | 'valid_today'> }) {
  const open = offer.open_now == null ? null : [offer.open_now ? 'Open now' : 'Closed now', offer.hours_label].filter(Boolean).join(' · ');
  if (!open && !offer.valid_label) return null;
  return (
    <p className="card-now small">
      {open ? (
        <span className={`now-open ${offer.open_now ? 'is-open' : 'is-closed'}`}>
          <span aria-hidden="true">{offer.open_now ? '● ' : '○ '}</span>
          {open}
        </span>
      ) : null}
      {offer.valid_label ? (
        <span className={`now-valid ${offer.valid_today ? 'is-valid' : 'is-not-valid'}`}>
          <span aria-hidden="true">{offer.valid_today ? '✓ ' : '✕ '}</span>
          {offer.valid_label}
        </span>
      ) : null}
    </p>
  );
}

export function OfferGrid({ offers, label, atItsLocation = false }: { offers: OfferListItem[]; label: string; atItsLocation?: boolean }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {offers.map((offer) => (
        <li key={`${offer.entitiable_id}-${offer.location_id}`}>
          <OfferCard offer={offer} atItsLocation={atItsLocation} />
        </li>
      ))}
    </ul>
  );
}
