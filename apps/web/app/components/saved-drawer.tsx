// 'My Saved Offers' (SPEC.md 2 Saved items): a drawer from the right with the tabs Coupons, Cars
// (only when the user's state is MI), Contests and Locations, their empty states, and the
// 'Recently Expired' sections (SPEC.md 4: expired less than 7 days ago, styled apart).
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { expiryLabel } from '@market/domain/expiry';
import DialogShell from './dialog-shell.tsx';
import { merchantHref } from './offer-card.tsx';
import { modalHref } from '../lib/ui/modal-links.ts';
import { useSavedDrawer } from '../lib/member/saved-drawer-state.tsx';
import { type SavedContest, type SavedLocation, type SavedOffer, useSaved } from '../lib/member/saved.tsx';

export default function SavedDrawer({ state }: { state: string }) {
  const saves = useSaved();
  const drawer = useSavedDrawer();
  const saved = saves.saved;
  const cars = state === 'MI';
  const [tab, setTab] = useState('coupons');
  const close = () => drawer.setDrawerOpen(false);
  return (
    <DialogShell open onOpenChange={drawer.setDrawerOpen} title="My Saved Offers" className="sheet side-sheet saved-drawer" closeLabel="Close saved offers">
      {!saved ? (
        <p className="muted" role="status">
          Loading your saved items…
        </p>
      ) : (
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List aria-label="Saved items" className="tab-list saved-tabs">
            <Tabs.Trigger value="coupons" className="tab">
              Coupons
            </Tabs.Trigger>
            {cars ? (
              <Tabs.Trigger value="cars" className="tab">
                Cars
              </Tabs.Trigger>
            ) : null}
            <Tabs.Trigger value="contests" className="tab">
              Contests
            </Tabs.Trigger>
            <Tabs.Trigger value="locations" className="tab">
              Locations
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="coupons" className="tab-panel">
            {saved.offers.active.length || saved.cars.active.length ? (
              <p className="small wallet-link">
                <Link to="/user/saved" onClick={close}>
                  Open my coupons for the counter
                </Link>{' '}
                (they work offline too)
              </p>
            ) : null}
            <OfferSection active={saved.offers.active} expired={saved.offers.expired} expiredHeading="Recently Expired Coupons" empty="You haven't saved any coupons yet." browse="/browse/all" onNavigate={close} />
          </Tabs.Content>
          {cars ? (
            <Tabs.Content value="cars" className="tab-panel">
              <OfferSection active={saved.cars.active} expired={saved.cars.expired} expiredHeading="Recently Expired Car Offers" empty="You haven't saved any car offers yet." browse="/browse/auto-transportation" onNavigate={close} />
            </Tabs.Content>
          ) : null}
          <Tabs.Content value="contests" className="tab-panel">
            {saved.contests.length ? (
              <ul className="saved-list">
                {saved.contests.map((c) => (
                  <ContestRow key={c.entity_id} contest={c} onNavigate={close} />
                ))}
              </ul>
            ) : (
              <div className="empty-state">
                <p>You haven't saved any contests yet.</p>
                <Link to="/contests" className="btn btn-primary" onClick={close}>
                  Browse Contests
                </Link>
              </div>
            )}
          </Tabs.Content>
          <Tabs.Content value="locations" className="tab-panel">
            {saved.locations.length ? (
              <ul className="saved-list">
                {saved.locations.map((l) => (
                  <LocationRow key={l.id} location={l} onNavigate={close} />
                ))}
              </ul>
            ) : (
              <div className="empty-state">
                <p>You haven't saved any locations yet. Use Save on a merchant's page to keep it here.</p>
              </div>
            )}
          </Tabs.Content>
        </Tabs.Root>
      )}
    </DialogShell>
  );
}

function OfferSection({ active, expired, expiredHeading, empty, browse, onNavigate }: { active: SavedOffer[]; expired: SavedOffer[]; expiredHeading: string; empty: string; browse: string; onNavigate: () => void }) {
  return (
    <>
      {active.length ? (
        <ul className="saved-list">
          {active.map((o) => (
            <OfferRow key={o.saved_id} offer={o} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <p>{empty}</p>
          <Link to={browse} className="btn btn-primary" onClick={onNavigate}>
            Browse Coupons
          </Link>
        </div>
      )}
      {expired.length ? (
        <section className="saved-expired" aria-label={expiredHeading}>
          <h3>{expiredHeading}</h3>
          <ul className="saved-list">
            {expired.map((o) => (
              <OfferRow key={o.saved_id} offer={o} expired onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function RemoveButton({ kind, id, label }: { kind: 'offer' | 'location' | 'contest'; id: number; label: string }) {
  const saves = useSaved();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(await saves.toggleSave(kind, id));
          setBusy(false);
        }}
      >
        Remove<span className="visually-hidden"> {label}</span>
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

function OfferRow({ offer, expired = false, onNavigate }: { offer: SavedOffer; expired?: boolean; onNavigate: () => void }) {
  const location = useLocation();
  const car = offer.secondary_type === 'lease' || offer.secondary_type === 'purchase';
  const image = car ? offer.path ?? offer.merchant_logo : offer.merchant_logo ?? offer.path;
  return (
    <li className={`saved-item ${expired ? 'expired' : ''}`} data-offer-id={offer.entitiable_id}>
      {image ? <img src={image} alt="" width={56} height={56} loading="lazy" /> : null}
      <div className="saved-item-body">
        <span className="small muted">{offer.merchant_name}</span>
        {expired ? (
          <span className="saved-item-title">{offer.name}</span>
        ) : (
          <Link to={modalHref(location, 'o', offer.entitiable_id)} preventScrollReset onClick={onNavigate} className="saved-item-title">
            {offer.name}
          </Link>
        )}
        <span className="small">{expiryLabel(offer.expires_at, expired ? 'expired' : offer.expiry_status)}</span>
      </div>
      <RemoveButton kind="offer" id={offer.entitiable_id} label={offer.name} />
    </li>
  );
}

function ContestRow({ contest, onNavigate }: { contest: SavedContest; onNavigate: () => void }) {
  const location = useLocation();
  return (
    <li className={`saved-item ${contest.running ? '' : 'expired'}`}>
      <div className="saved-item-body">
        <Link to={modalHref(location, 'c', contest.entity_id)} preventScrollReset onClick={onNavigate} className="saved-item-title">
          {contest.contest.display_name}
        </Link>
        {contest.running ? null : <span className="small">This contest has ended.</span>}
      </div>
      <RemoveButton kind="contest" id={contest.entity_id} label={contest.contest.display_name} />
    </li>
  );
}

function LocationRow({ location, onNavigate }: { location: SavedLocation; onNavigate: () => void }) {
  const name = location.display_name || location.merchant_name;
  return (
    <li className="saved-item">
      {location.logo.path ? <img src={location.logo.path} alt="" width={56} height={56} loading="lazy" /> : null}
      <div className="saved-item-body">
        <Link to={merchantHref(location.merchant_slug, location.id)} onClick={onNavigate} className="saved-item-title">
          {name}
        </Link>
        <span className="small muted">{[location.address, location.city, location.state].filter(Boolean).join(', ')}</span>
      </div>
      <RemoveButton kind="location" id={location.id} label={name} />
    </li>
  );
}
