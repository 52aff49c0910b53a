// Coupons in hand (SPEC.md 2 Coupon modal, 4 Print count and Slide-to-redeem, 8, 9): the
// print/download dropdown with its count and limit, and redemption for members: slide the coupon
// 150 px to the left on touch screens, or press the equivalent button (keyboard and assistive
// technology).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { PrintRecordOut, PrintTokenOut, RedemptionListOut, RedemptionOut } from '@market/domain/api/prints';
import { RedemptionUndoOut } from '@market/domain/api/redemption-codes';
import { printLimit, REDEEM_SWIPE_PX, REDEEM_VERTICAL_TOLERANCE_PX } from '@market/domain/constants';
import type { OfferDetail } from '../lib/api/api-types.ts';
import { recordEvent } from '../lib/api/analytics.ts';
import { useMediaQuery } from '../lib/ui/hooks.ts';
import { ApiError, callApi, messageOf } from '../lib/api/member-api.ts';
import { useSession } from '../lib/member/session.tsx';
import { useLoad } from '../lib/ui/use-load.ts';
import { ALREADY_REDEEMED, ANONYMOUS_PRINT_LIMIT_REACHED, canAnonymousPrint, PRINT_LIMIT_REACHED, REDEEM_ONCE } from '@market/domain/prints';
import { anonymousPrintCount, downloadPdf, fetchPdf, pdfUrl, printPdf, recordAnonymousPrint } from '../lib/member/print-coupon.ts';

const LIMIT_REACHED = PRINT_LIMIT_REACHED;

export function CouponActions({ offer, locationId }: { offer: OfferDetail; locationId: number }) {
  const session = useSession();
  const limit = printLimit(offer.max_prints);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = Boolean(session.auth);
  const memberId = session.auth ? session.auth.id : null;

  // The print count: the member's from the API, an anonymous visitor's from local storage.
  const count = useLoad(session.auth === null ? null : ['prints', offer.id, memberId], async () => {
    if (memberId === null) return anonymousPrintCount(offer.id);
    try {
      const answer = await callApi(`/api/userprintsamount/?offer_id=${offer.id}&user_id=${memberId}`, { answer: PrintRecordOut });
      return answer.prints;
    } catch (error) {
      if (session.handleAuthFailure(error)) throw error;
      return 0;
    }
  });
  const prints = count.data ?? null;
  const setPrints = count.setData;

  const atLimit = signedIn && prints !== null && prints >= limit;

  async function run(download: boolean) {
    setMessage(null);
    recordEvent('offer.print', { offer: offer.id, location: locationId || undefined });
    if (!session.auth) {
      // SPEC.md 4: anonymous prints fail once they exceed the larger of the limit and 1.
      const count = anonymousPrintCount(offer.id);
      if (!canAnonymousPrint(count + 1, limit)) {
        setMessage(ANONYMOUS_PRINT_LIMIT_REACHED);
        return;
      }
      setBusy(true);
      try {
        const file = await fetchPdf(pdfUrl(offer.id, null, download));
        recordAnonymousPrint(offer.id);
        setPrints(count + 1);
        if (download) downloadPdf(file, offer.id);
        else printPdf(file);
      } catch (error) {
        setMessage(messageOf(error));
      } finally {
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    try {
      const token = await callApi('/api/printtokens/', { method: 'POST', body: { offer_id: offer.id, kind: download ? 'download' : 'print' }, answer: PrintTokenOut });
      setPrints(token.prints);
      const file = await fetchPdf(pdfUrl(offer.id, token.token, download));
      if (download) downloadPdf(file, offer.id);
      else printPdf(file);
    } catch (error) {
      if (session.handleAuthFailure(error)) return;
      // SPEC.md 8: a failed print token (e.g. the limit) shows its message in the dropdown; no PDF.
      if (error instanceof ApiError && error.status === 409) setPrints(limit);
      setMessage(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="coupon-actions stack">
      <div className="row wrap">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="btn btn-primary" disabled={busy}>
            Print / Download
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu print-menu" sideOffset={4} aria-label="Print or download">
              {atLimit ? (
                <DropdownMenu.Label className="menu-item form-error">{LIMIT_REACHED}</DropdownMenu.Label>
              ) : (
                <>
                  <DropdownMenu.Item className="menu-item" onSelect={() => void run(false)}>
                    Print
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className="menu-item" onSelect={() => void run(true)}>
                    Download
                  </DropdownMenu.Item>
                </>
              )}
              {signedIn && prints !== null ? (
                <DropdownMenu.Label className="menu-item small muted">
                  Printed {prints} of {limit}
                </DropdownMenu.Label>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <p className="print-status small" role="status" aria-live="polite">
        {message ?? (atLimit ? LIMIT_REACHED : signedIn && prints !== null ? `Printed ${prints} of ${limit}` : '')}
      </p>
      {signedIn ? <Redeem offer={offer} prints={prints ?? 0} limit={limit} /> : null}
    </div>
  );
}

/**
 * Slide-to-redeem (SPEC.md 4) and its button for desktops, keyboards and assistive technology.
 * Sliding is deliberate; a click is not, so the button asks first (docs/decisions.md). A coupon
 * the member redeemed shows its code whenever it is opened, to be shown to the retailer again.
 */
function Redeem({ offer, prints, limit }: { offer: OfferDetail; prints: number; limit: number }) {
  const session = useSession();
  const touch = useMediaQuery('(pointer: coarse)');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [returning, setReturning] = useState(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const redeemButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const confirmHeadingId = useId();

  // SPEC.md 4, 7: the redeemed prints list, loaded on open and when the member changes; an
  // authorisation failure logs the member out.
  const redemptions = useLoad(['redeemed', offer.id, session.auth], async (): Promise<RedemptionOut | false> => {
    try {
      const list = await callApi('/api/redemptions/', { answer: RedemptionListOut });
      return list.find((r) => r.offer_id === offer.id) ?? false;
    } catch (err) {
      if (session.handleAuthFailure(err)) throw err;
      return false;
    }
  });
  const redeemed = redemptions.data ?? null;
  const setRedeemed = redemptions.setData;
  const [showCode, setShowCode] = useState(false);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const atLimit = prints >= limit;

  async function redeem() {
    if (redeemed !== false || atLimit) return;
    setError(null);
    setConfirming(false);
    try {
      const made = await callApi('/api/redemptions/', { method: 'POST', body: { offer_id: offer.id }, answer: RedemptionOut });
      setRedeemed(made);
      // A phone turns into the coupon for the cashier: the copy's code and QR, full screen. A
      // desktop offers the same behind "Show code to cashier".
      setShowCode(touch);
    } catch (err) {
      if (session.handleAuthFailure(err)) return;
      if (err instanceof ApiError && err.status === 409) redemptions.reload();
      setError(messageOf(err));
      springBack();
    }
  }

  function cancelConfirm() {
    setConfirming(false);
    // The confirmation replaced the button: focus goes back where it was.
    requestAnimationFrame(() => redeemButton.current?.focus());
  }

  function springBack() {
    setReturning(true);
    setOffset(0);
    window.setTimeout(() => setReturning(false), 300);
  }

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (redeemed !== false || atLimit) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
  }
  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    if (!start.current || start.current.id !== e.pointerId) return;
    setOffset(Math.min(0, e.clientX - start.current.x));
  }
  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    const s = start.current;
    start.current = null;
    if (!s) return;
    const dx = s.x - e.clientX;
    const dy = Math.abs(e.clientY - s.y);
    // SPEC.md 4, 9: at least 150 px to the left with at most 100 px of vertical drift.
    if (dx >= REDEEM_SWIPE_PX && dy <= REDEEM_VERTICAL_TOLERANCE_PX) {
      setOffset(-1000);
      void redeem();
    } else springBack();
  }

  if (redeemed) {
    return (
      <RedeemedCoupon
        offer={offer}
        redemption={redeemed}
        showCode={showCode}
        onShowCode={setShowCode}
        onUndone={() => {
          setShowCode(false);
          setRedeemed(false);
          springBack();
        }}
        onChanged={() => redemptions.reload()}
      />
    );
  }

  return (
    <div className="redeem">
      <p className="small muted">{atLimit ? ALREADY_REDEEMED : REDEEM_ONCE}</p>
      {touch && !atLimit ? (
        <div className="redeem-track" data-testid="redeem-track">
          <p aria-hidden="true">← Slide to redeem</p>
          <div
            className={`redeem-thumb ${returning ? 'returning' : ''}`}
            style={{ transform: `translateX(${offset}px)` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={springBack}
            aria-hidden="true"
          >
            Redeem
          </div>
        </div>
      ) : null}
      {confirming ? (
        <div className="redeem-confirm" role="group" aria-labelledby={confirmHeadingId}>
          <p id={confirmHeadingId} className="redeem-confirm-title">
            Redeem this coupon now?
          </p>
          <p className="small">It can be redeemed only once. Do it at the counter, then show the code to your retailer.</p>
          <div className="row wrap">
            <button type="button" className="btn btn-primary" ref={confirmButton} onClick={() => void redeem()}>
              Yes, Redeem
            </button>
            <button type="button" className="btn btn-outline" onClick={cancelConfirm}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          ref={redeemButton}
          className={`btn btn-outline ${touch ? 'visually-hidden-focusable' : ''}`}
          disabled={atLimit || redeemed === null}
          onClick={() => setConfirming(true)}
        >
          Redeem Coupon
        </button>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Seconds left until `iso`, ticking every second while `active`. */
function useSecondsLeft(iso: string | null, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso || !active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [iso, active]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

const minutesAndSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * A redeemed coupon (docs/api.md "Redemption codes"): for 10 minutes the phone shows this copy's
 * own code and its QR full screen for the cashier to scan or type; for 2 minutes, until a cashier
 * confirms it, an accidental slide can be undone. Afterwards the offer's code stays on show.
 */
function RedeemedCoupon({
  offer,
  redemption,
  showCode,
  onShowCode,
  onUndone,
  onChanged,
}: {
  offer: OfferDetail;
  redemption: RedemptionOut;
  showCode: boolean;
  onShowCode: (show: boolean) => void;
  onUndone: () => void;
  onChanged: () => void;
}) {
  const session = useSession();
  const codeLeft = useSecondsLeft(redemption.valid_until, redemption.code !== null);
  const undoLeft = useSecondsLeft(redemption.undo_until, redemption.undo_until !== null);
  const [qrSvg, setQrSvg] = useState<string | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const [undoing, setUndoing] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const live = redemption.code !== null && redemption.confirmed_at === null && codeLeft > 0;
  const open = showCode && live;
  const titleId = useId();

  useEffect(() => {
    if (!open || !redemption.code || typeof window === 'undefined') return;
    let gone = false;
    // The QR library is loaded only when a code is shown: the offer pages do not carry it.
    void import('qrcode').then(async (QRCode) => {
      const url = `${window.location.origin}/r/${redemption.code}`;
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      if (!gone) setQrSvg(svg);
    });
    requestAnimationFrame(() => closeButton.current?.focus());
    return () => {
      gone = true;
    };
  }, [open, redemption.code]);

  async function undo() {
    setUndoing(true);
    setUndoError(null);
    try {
      await callApi(`/api/redemptions/${redemption.id}/undo/`, { method: 'POST', answer: RedemptionUndoOut });
      onUndone();
    } catch (err) {
      if (session.handleAuthFailure(err)) return;
      setUndoError(messageOf(err));
      onChanged();
    } finally {
      setUndoing(false);
    }
  }

  const canUndo = redemption.confirmed_at === null && undoLeft > 0;
  const undoControl = canUndo ? (
    <button type="button" className="btn btn-outline btn-small" onClick={() => void undo()} disabled={undoing}>
      Undo redemption ({minutesAndSeconds(undoLeft)})
    </button>
  ) : null;

  return (
    <div className="redeem-done" role="status">
      <p className="form-success">{redemption.confirmed_at ? 'Coupon redeemed and confirmed by the store' : 'Coupon redeemed'}</p>
      <p>Show code to your retailer</p>
      {offer.code ? <p className="code">{offer.code}</p> : null}
      {live && !open ? (
        <button type="button" className="btn btn-primary" onClick={() => onShowCode(true)}>
          Show code to cashier
        </button>
      ) : null}
      {!open ? undoControl : null}
      {undoError ? (
        <p role="alert" className="form-error">
          {undoError}
        </p>
      ) : null}
      {open ? (
        <div className="redeem-fullscreen" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="redeem-fullscreen">
          <p id={titleId} className="redeem-fullscreen-title">
            Show this to the cashier
          </p>
          <p className="redeem-fullscreen-offer">{offer.name}</p>
          {qrSvg ? <div className="redeem-fullscreen-qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: qrSvg }} /> : <div className="redeem-fullscreen-qr" aria-hidden="true" />}
          <p className="redeem-fullscreen-code" aria-label="Redemption code">
            {redemption.code}
          </p>
          <p className="small">Works for {minutesAndSeconds(codeLeft)} more. The cashier scans the QR code or types the code.</p>
          <div className="row wrap">
            {undoControl}
            <button type="button" className="btn btn-outline btn-small" ref={closeButton} onClick={() => onShowCode(false)}>
              Hide
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
