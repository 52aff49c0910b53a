// Save-certified badge (SPEC.md 2 Offer card): a button whose tooltip explains certification. The
// tooltip code (Radix) loads on the first hover or focus, keeping it out of the first-load script.
import { lazy, Suspense, useState } from 'react';

export const CERTIFIED_TEXT = 'Certified HomePro: licensed where required, bonded when needed and insured.';
export const CERTIFIED_LABEL = `Certified. ${CERTIFIED_TEXT}`;

const CertifiedTooltip = lazy(() => import('./certified-tooltip.tsx'));

function PlainBadge(props: { onPointerEnter?: () => void; onFocus?: () => void }) {
  return (
    <button type="button" className="badge badge-certified" aria-label={CERTIFIED_LABEL} {...props}>
      Certified
    </button>
  );
}

export function CertifiedBadge() {
  const [via, setVia] = useState<'focus' | 'hover' | null>(null);
  if (!via) return <PlainBadge onPointerEnter={() => setVia('hover')} onFocus={() => setVia('focus')} />;
  return (
    <Suspense fallback={<PlainBadge />}>
      <CertifiedTooltip via={via} />
    </Suspense>
  );
}
