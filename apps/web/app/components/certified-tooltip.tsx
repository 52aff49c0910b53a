// The Radix tooltip of the certified badge, loaded the first time a badge is hovered or focused
// (./certified-badge.tsx). SPEC.md 4 Tooltips: shows on hover or focus; hides on scroll, resize or
// mouse leave. SPEC.md 9 defaults: radius 3, font 13, opacity 0.9 (styles/app.css .tooltip).
import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState } from 'react';
import { CERTIFIED_LABEL, CERTIFIED_TEXT } from './certified-badge.tsx';

export default function CertifiedTooltip({ via }: { via: 'focus' | 'hover' }) {
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The enhanced badge replaces the plain one: keep keyboard focus where it was.
    if (via === 'focus') button.current?.focus();
  }, [via]);
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
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button ref={button} type="button" className="badge badge-certified" aria-label={CERTIFIED_LABEL}>
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
    </Tooltip.Provider>
  );
}
