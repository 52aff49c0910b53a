// The one way a component loads data in the browser after it renders (the member's profile,
// preferences, print count, redemptions, contest entry, recommendations): asked again when its
// key changes, answers to an older key dropped, shown only for the key they were asked for. The
// state is set from the answer, never synchronously in the effect, and no request outlives it.
import { useEffect, useEffectEvent, useState } from 'react';

/** What to load: null for nothing now; any entry that changes asks again. */
export type LoadKey = readonly unknown[] | null;

export interface Loaded<T> {
  /** The answer for the current key, or undefined while it is on its way (or failed). */
  data: T | undefined;
  /** The failure for the current key, or undefined. */
  error: unknown;
  /** Replaces the answer (after a change the component made itself). */
  setData(data: T): void;
  /** Asks again for the current key; the answer shown stays until the new one arrives. */
  reload(): void;
}

function sameKey(a: LoadKey, b: LoadKey): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

export function useLoad<T>(key: LoadKey, load: () => Promise<T> | T): Loaded<T> {
  // The key as last asked: a new array with the same entries is the same key.
  const [asked, setAsked] = useState<LoadKey>(key);
  const askedKey = sameKey(asked, key) ? asked : key;
  if (askedKey !== asked) setAsked(askedKey);
  const [result, setResult] = useState<{ key: LoadKey; data?: T; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (askedKey === null) return;
    let live = true;
    // The executor runs at once: the request starts with the effect, a throw becomes a failure.
    new Promise<T>((resolve) => resolve(run())).then(
        (data) => live && setResult({ key: askedKey, data }),
        (error: unknown) => live && setResult({ key: askedKey, error }),
      );
    return () => {
      live = false;
    };
  }, [askedKey, attempt]);

  const mine = result !== null && result.key === askedKey ? result : null;
  return {
    data: mine?.data,
    error: mine?.error,
    setData: (data) => setResult({ key: askedKey, data }),
    reload: () => setAttempt((n) => n + 1),
  };
}
