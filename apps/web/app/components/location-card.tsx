// Location card (SPEC.md 2, 3): logo, name, address, the first offer there, 'See N more offers'
// (total minus one) and 'View Location'.
import { Link, useLocation } from 'react-router';
import type { LocationDetail } from '../lib/api/api-types.ts';
import { modalHref } from '../lib/ui/modal-links.ts';
import { CertifiedBadge } from './certified-badge.tsx';
import { SaveButton } from './save-button.tsx';
import { merchantHref, NowLabels } from './offer-card.tsx';

export function LocationCard({ location: loc, headingLevel = 3 }: { location: LocationDetail; headingLevel?: 2 | 3 }) {
  const location = useLocation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const first = loc.entities[0];
  const more = Math.max(0, loc.entities.length > 0 ? loc.additional_offers : 0);
  return (
    <article className="card location-card" data-location-id={loc.id}>
      <div className="card-media logo">
        {loc.logo.path ? <img src={loc.logo.path} alt="" loading="lazy" width={120} height={120} /> : <span className="logo-fallback" aria-hidden="true">{loc.merchant_name.slice(0, 1)}</span>}
      </div>
      <div className="card-body">
        <Heading className="card-title">{loc.display_name || loc.merchant_name}</Heading>
        <p className="card-address">{[loc.address, loc.address2, `${loc.city}, ${loc.state} ${loc.zip}`].filter((s) => s && s.trim()).join(', ')}</p>
        <NowLabels offer={{ open_now: loc.open_now, hours_label: loc.hours_label }} />
        {first ? (
          <p>
            <Link to={modalHref(location, 'o', first.entitiable_id)} preventScrollReset state={{ modalFromList: true }}>
              {first.name}
            </Link>
          </p>
        ) : (
          <p className="muted">No Online Offers</p>
        )}
        <div className="card-footer">
          {loc.is_certified ? <CertifiedBadge /> : null}
          <SaveButton kind="location" id={loc.id} label={loc.display_name || loc.merchant_name} />
          {more > 0 ? <Link to={merchantHref(loc.merchant_slug, loc.id, true)}>See {more} more {more === 1 ? 'offer' : 'offers'}</Link> : null}
          <Link to={merchantHref(loc.merchant_slug, loc.id)} className="view-location">
            View Location
          </Link>
        </div>
      </div>
    </article>
  );
}
