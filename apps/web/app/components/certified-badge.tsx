// Save-certified badge with its tooltip (SPEC.md 2 Offer card, 4 Tooltips: shows on hover or
// focus, hides on scroll, resize or mouse leave).
import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect, useState } from 'react';

export const CERTIFIED_TEXT = 'Certified HomePro: licensed where required, bonded when needed and insured.';

export function CertifiedBadge() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const hide = () => setOpen(false);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('scroll', hide, { capture: true });
      window.removeEventListener('resize', hide);
    };
  }, [open]);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen} delayDuration={150}>
      <Tooltip.Trigger asChild>
        <button type="button" className="badge badge-certified" aria-label={`Certified. ${CERTIFIED_TEXT}`}>
          Certified
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={4}>
          {CERTIFIED_TEXT}
          <Tooltip.Arrow className="tooltip-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
