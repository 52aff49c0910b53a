// Widgets whose code loads on first use (first-load JS, docs/performance.md). The server and the
// first client render draw a plain stand-in with the same markup (ids, ARIA attributes, classes),
// which works as the no-JS form does; the first focus or pointer over it fetches the real widget,
// which then replaces the stand-in in one synchronous commit, keeping the typed text, the focus and
// the caret.
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';

export interface Loaded<M> {
  mod: M;
  /** The stand-in input's text when the widget replaced it. */
  initial: string;
  /** Whether the stand-in had the focus and text (the widget opens its list, as typing would). */
  open: boolean;
}

/** A hook for one lazily loaded module; `inputId` is the id both the stand-in and the widget give their input. */
export function onDemand<M>(load: () => Promise<M>) {
  let cached: M | null = null;
  let pending: Promise<M> | null = null;
  const get = () => (pending ??= load().then((mod) => (cached = mod)));

  return function useOnDemand(inputId: string): [Loaded<M> | null, () => void] {
    // Client navigations after the first load render the widget at once; hydration always starts
    // with the stand-in (the module is never loaded before the first interaction).
    const [state, setState] = useState<Loaded<M> | null>(() => (cached ? { mod: cached, initial: '', open: false } : null));
    const start = useCallback(() => {
      if (state) return;
      get().then(
        (mod) => {
          const input = document.getElementById(inputId) as HTMLInputElement | null;
          const focused = input !== null && document.activeElement === input;
          const initial = input?.value ?? '';
          const from = input?.selectionStart ?? null;
          const to = input?.selectionEnd ?? null;
          flushSync(() => setState({ mod, initial, open: focused && initial.trim() !== '' }));
          if (!focused) return;
          const next = document.getElementById(inputId) as HTMLInputElement | null;
          next?.focus();
          if (next && from !== null && to !== null) next.setSelectionRange(from, to);
        },
        (error: unknown) => {
          // The stand-in keeps working as the plain form; a later interaction tries again.
          pending = null;
          console.warn('A widget could not be loaded', error);
        },
      );
    }, [state, inputId]);
    return [state, start];
  };
}
