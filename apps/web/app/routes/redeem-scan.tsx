// /r/scan: a till or a cashier's phone reads a coupon's QR code or Code 128 barcode with the camera
// and opens /r/{code} (docs/api.md "Redemption codes"); a typed code works too. The barcode library
// (@zxing/browser) is imported only when the camera starts, so no other page carries it. Redeeming
// still needs a signed-in team member or a paired till on /r/{code}.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatRedemptionCode, parseRedemptionCode } from '@market/domain/redemption-code';
import type { Route } from './+types/redeem-scan';
import { buildMeta } from '../lib/content/meta.ts';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import '../styles/redeem.css';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Scan a coupon', description: 'Scan a coupon’s QR code or barcode to check or redeem it.', noindex: true });
}

type ScanState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'scanning' } | { kind: 'error'; text: string };

interface Controls {
  stop(): void;
}

export default function RedeemScan() {
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<Controls | null>(null);
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const [notOurs, setNotOurs] = useState<string | null>(null);
  const navigate = useNavigate();

  useEffect(() => () => controls.current?.stop(), []);

  async function start() {
    if (!video.current) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', text: 'This browser cannot use the camera here. Type the code below instead.' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
      const hints = new Map<unknown, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]]]);
      const reader = new BrowserMultiFormatReader(hints as Map<never, never>);
      controls.current = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result) => {
        if (!result) return;
        const parsed = parseRedemptionCode(result.getText());
        if (!parsed.ok) {
          setNotOurs('That is not a LocalSaver coupon code. Try the code printed under the barcode.');
          return;
        }
        controls.current?.stop();
        controls.current = null;
        void navigate(`/r/${formatRedemptionCode(parsed.code)}`);
      });
      setState({ kind: 'scanning' });
    } catch (error) {
      const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      setState({ kind: 'error', text: denied ? 'The camera was not allowed. Allow it in the browser settings, or type the code below.' : 'No camera could be started. Type the code below instead.' });
    }
  }

  function stop() {
    controls.current?.stop();
    controls.current = null;
    setState({ kind: 'idle' });
  }

  const live = state.kind === 'scanning' || state.kind === 'starting';
  return (
    <div className="container page rc-page">
      <h1 className="rc-heading">Scan a coupon</h1>
      <p className="muted">Point the camera at the QR code or the barcode of a printed coupon, or at the code on the customer’s phone.</p>
      <div className={`rc-scan-frame ${live ? 'rc-scan-live' : ''}`}>
        <video ref={video} muted playsInline aria-label="Camera view" />
        {live ? null : (
          <button type="button" className="btn btn-primary rc-scan-start" onClick={() => void start()}>
            Start camera
          </button>
        )}
      </div>
      {state.kind === 'scanning' ? (
        <p className="rc-scan-hint" role="status">
          Looking for a code…{' '}
          <button type="button" className="link-button" onClick={stop}>
            Stop
          </button>
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p className="form-error" role="alert">
          {state.text}
        </p>
      ) : null}
      {notOurs ? (
        <p className="form-error" role="alert">
          {notOurs}
        </p>
      ) : null}
      <section className="rc-more" aria-labelledby="scan-type-title">
        <h2 id="scan-type-title">Or type the code</h2>
        <CodeEntryForm />
      </section>
      <p>
        <Link to="/r">Check a code</Link>
      </p>
    </div>
  );
}
