// Offer card (SPEC.md 2): logo (the picture for lease and purchase offers), main text, merchant
// link, address, 'Expires: {date}', 'Featured' ribbon, certified badge, 'N More Offers'. The card
// link is the current page with o={offer id}: it opens the offer modal, and is a real URL.
import { Link, useLocation } from 'react-router';
import { formatDisplayDate } from '@market/domain/expiry';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { CertifiedBadge } from './certified-badge.tsx';
import { SaveButton } from './save-button.tsx';
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
  return (
    <article className={`card offer-card ${offer.is_featured ? 'featured' : ''}`} data-offer-id={offer.entitiable_id}>
      {offer.is_featured ? <span className="ribbon">Featured</span> : null}
      <div className={`card-media ${car ? 'picture' : 'logo'}`}>
        {image ? <img src={image} alt="" loading="lazy" width={car ? 320 : 120} height={car ? 180 : 120} /> : <span className="logo-fallback" aria-hidden="true">{offer.merchant_name.slice(0, 1)}</span>}
      </div>
      <div className="card-body">
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
        {address ? <p className="card-address">{address}</p> : null}
        <p className="card-expiry">Expires: {formatDisplayDate(offer.expires_at)}</p>
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
