// /user/saved: the member's saved coupons as a wallet (docs/decisions.md "Offline wallet"). It opens
// without a network: the service worker keeps this page, and the member's coupons, the time they
// were last synced and the mobile coupons they opened stay on the device (offline-wallet.ts) until
// sign-out. Each coupon opens full screen with its copy's code and QR for the cashier, and, when
// the site signs them, goes to Apple Wallet or Google Wallet.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GoogleWalletSaveOut, WalletCopyOut, type WalletPassesOut } from '@market/domain/api/wallet';
import { formatDisplayDate } from '@market/domain/expiry';
import type { Route } from './+types/saved-coupons';
import DialogShell from '../components/dialog-shell.tsx';
import { apiFrom } from '../lib/api/api.server.ts';
import { ApiError, callApi, messageOf } from '../lib/api/member-api.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { keepCopy, readCopies, readSnapshot, writeSnapshot, type SavedSnapshot } from '../lib/member/offline-wallet.ts';
import { storedToken } from '../lib/member/auth-storage.ts';
import { useSaved, type SavedItems, type SavedOffer } from '../lib/member/saved.tsx';
import { useSession } from '../lib/member/session.tsx';

export async function loader({ context }: Route.LoaderArgs): Promise<{ passes: WalletPassesOut }> {
  try {
    return { passes: await apiFrom(context).walletPasses() };
  } catch {
    // Without the answer the page still works; the pass buttons stay hidden.
    return { passes: { apple: false, google: false } };
  }
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'My Saved Coupons', description: 'Your saved coupons, ready at the counter, even offline.', path: '/user/saved', noindex: true });
}

const synced = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export default function SavedCoupons({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const saves = useSaved();
  const online = useOnline();
  const memberId = session.auth ? session.auth.id : null;
  const [snapshot, setSnapshot] = useState<SavedSnapshot<SavedItems> | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const [copies, setCopies] = useState<Record<number, WalletCopyOut>>({});
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (memberId === null) return;
    let gone = false;
    void (async () => {
      const [kept, keptCopies] = await Promise.all([readSnapshot<SavedItems>(memberId), readCopies(memberId)]);
      if (gone) return;
      if (kept) setSnapshot((current) => current ?? kept);
      setCopies(keptCopies);
    })();
    return () => {
      gone = true;
    };
  }, [memberId]);

  // Network first, the device's copy when there is no answer: at first, back online, and after a
  // save (one sent from the queue too).
  useEffect(() => {
    if (memberId === null || !online) return;
    let gone = false;
    void (async () => {
      try {
        const items = await callApi<SavedItems>('/api/userfavorites/');
        const fresh = await writeSnapshot(memberId, items);
        if (gone) return;
        setSnapshot(fresh);
        setFromDevice(false);
      } catch (error) {
        if (gone || (error instanceof ApiError && error.unauthorised)) return;
        const kept = await readSnapshot<SavedItems>(memberId);
        if (kept) setSnapshot(kept);
        setFromDevice(true);
      }
    })();
    return () => {
      gone = true;
    };
  }, [memberId, online, saves.saved]);

  if (session.auth === false) {
    return (
      <div className="container stack saved-coupons">
        <h1>My Saved Coupons</h1>
        <p>
          <Link to="/login">Sign in</Link> to see your saved coupons. Once you have opened them here, they work without a network too.
        </p>
      </div>
    );
  }

  const offers = snapshot ? [...snapshot.items.offers.active, ...snapshot.items.cars.active] : null;
  const openOffer = offers?.find((o) => o.entitiable_id === open) ?? null;
  return (
    <div className="container stack saved-coupons">
      <h1>My Saved Coupons</h1>
      <div className="wallet-status" role="status">
        {!online ? <p className="wallet-offline">You are offline. Your saved coupons and the mobile coupons you opened still work.</p> : null}
        {snapshot ? <p className="small muted">Last synced {synced(snapshot.syncedAt)}{fromDevice || !online ? ' (saved on this device)' : ''}</p> : null}
        {saves.waiting.length ? (
          <p className="small">
            {saves.waiting.length === 1 ? '1 change waits' : `${saves.waiting.length} changes wait`} for the network and will be sent when you are back online.
          </p>
        ) : null}
      </div>
      {offers === null ? (
        <p className="muted">{fromDevice ? 'Your saved coupons have not been synced to this device yet. Open this page once while online.' : 'Loading your saved coupons…'}</p>
      ) : offers.length === 0 ? (
        <p>
          You haven&apos;t saved any coupons yet. <Link to="/browse/all">Browse coupons</Link>
        </p>
      ) : (
        <ul className="wallet-list">
          {offers.map((offer) => (
            <WalletCoupon
              key={offer.saved_id}
              offer={offer}
              copy={copies[offer.entitiable_id] ?? null}
              online={online}
              passes={loaderData.passes}
              onOpen={async () => {
                if (memberId === null) return null;
                if (copies[offer.entitiable_id]) {
                  setOpen(offer.entitiable_id);
                  return null;
                }
                if (!navigator.onLine) return 'Open this coupon once while online to keep it on this device.';
                try {
                  const copy = await callApi('/api/wallet/copies/', { method: 'POST', body: { offer_id: offer.entitiable_id }, answer: WalletCopyOut });
                  await keepCopy(memberId, copy);
                  setCopies((all) => ({ ...all, [copy.offer_id]: copy }));
                  setOpen(offer.entitiable_id);
                  return null;
                } catch (error) {
                  if (session.handleAuthFailure(error)) return null;
                  return messageOf(error);
                }
              }}
            />
          ))}
        </ul>
      )}
      {openOffer && copies[openOffer.entitiable_id] ? <MobileCoupon offer={openOffer} copy={copies[openOffer.entitiable_id]!} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function WalletCoupon({
  offer,
  copy,
  online,
  passes,
  onOpen,
}: {
  offer: SavedOffer;
  copy: WalletCopyOut | null;
  online: boolean;
  passes: WalletPassesOut;
  onOpen: () => Promise<string | null>;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setMessage(await action());
    setBusy(false);
  };
  return (
    <li className="wallet-coupon">
      <div className="wallet-coupon-text">
        <h2 className="wallet-coupon-title">{offer.name}</h2>
        <p className="small">{offer.merchant_name}</p>
        <p className="small muted">Expires {formatDisplayDate(offer.expires_at)}</p>
        {copy ? (
          <p className="small">
            Code <span className="wallet-code">{copy.code}</span>
          </p>
        ) : null}
      </div>
      <div className="row wrap">
        <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void run(onOpen)}>
          {copy ? 'Show mobile coupon' : 'Get mobile coupon'}
          <span className="visually-hidden"> for {offer.name}</span>
        </button>
        {passes.apple && online ? (
          <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => void run(() => addToAppleWallet(offer.entitiable_id))}>
            Add to Apple Wallet<span className="visually-hidden"> {offer.name}</span>
          </button>
        ) : null}
        {passes.google && online ? (
          <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => void run(() => saveToGoogleWallet(offer.entitiable_id))}>
            Save to Google Wallet<span className="visually-hidden"> {offer.name}</span>
          </button>
        ) : null}
      </div>
      {message ? (
        <p role="alert" className="form-error">
          {message}
        </p>
      ) : null}
    </li>
  );
}

/** Downloads the signed .pkpass (the bearer token cannot ride on a plain link). */
async function addToAppleWallet(offerId: number): Promise<string | null> {
  try {
    const res = await fetch('/api/wallet/apple-passes/', {
      method: 'POST',
      headers: { authorization: `Bearer ${storedToken() ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offer_id: offerId }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { detail?: string } | null;
      return body?.detail ?? 'The pass could not be made. Please try again later.';
    }
    const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/vnd.apple.pkpass' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `coupon-${offerId}.pkpass`;
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return null;
  } catch {
    return 'The pass could not be made. Please try again later.';
  }
}

async function saveToGoogleWallet(offerId: number): Promise<string | null> {
  try {
    const { url } = await callApi('/api/wallet/google-passes/', { method: 'POST', body: { offer_id: offerId }, answer: GoogleWalletSaveOut });
    window.location.assign(url);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** The coupon full screen for the cashier: the copy's QR and code, from the device when offline. */
function MobileCoupon({ offer, copy, onClose }: { offer: SavedOffer; copy: WalletCopyOut; onClose: () => void }) {
  const [qrSvg, setQrSvg] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  useEffect(() => {
    let gone = false;
    // The QR library loads with the first coupon shown; the service worker keeps it for offline use.
    void import('qrcode').then(async (QRCode) => {
      const svg = await QRCode.toString(copy.qr, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      if (!gone) setQrSvg(svg);
    });
    return () => {
      gone = true;
    };
  }, [copy.qr]);
  return (
    <DialogShell open onOpenChange={(next) => (next ? undefined : onClose())} title="Show this to the cashier" className="redeem-fullscreen mobile-coupon" closeLabel="Close mobile coupon" returnFocus={opener}>
      <p className="redeem-fullscreen-offer">
        {offer.name} · {offer.merchant_name}
      </p>
      <div className="redeem-fullscreen-qr" aria-hidden="true" {...(qrSvg ? { dangerouslySetInnerHTML: { __html: qrSvg } } : {})} />
      <p className="redeem-fullscreen-code" aria-label="Redemption code">
        {copy.code}
      </p>
      <p className="small">Valid through {formatDisplayDate(copy.expires_at)}. The cashier scans the QR code or types the code.</p>
    </DialogShell>
  );
}
