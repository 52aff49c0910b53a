// Gives focus back to where it was outside the modals (the link that opened one) when a modal
// opened from the address closes: Radix cannot, since no trigger of its own opened it.
import { useEffect, useRef } from 'react';

/** Where focus was outside the modals, to give it back when a modal closes (the link that opened it). */
export function useReturnFocus(open: boolean) {
  const outside = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && target !== document.body && !target.closest('[role="dialog"]')) outside.current = target;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const target = outside.current;
      const id = setTimeout(() => {
        if (target?.isConnected) target.focus();
      }, 0);
      wasOpen.current = open;
      return () => clearTimeout(id);
    }
    wasOpen.current = open;
  }, [open]);
}

