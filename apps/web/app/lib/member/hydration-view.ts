// Member state as components see it. While a component hydrates it gets the state the server
// rendered with, so parts that hydrate late (a deep-linked modal whose code arrives after the
// browser has read the session) match the server's markup, then update at once.
import { useContext, type Context } from 'react';
import { useHydrated } from '../ui/hooks.ts';

/** One piece of member state: as it is now, and as the server rendered it. */
export interface Views<T> {
  live: T;
  serverView: T;
}

/** The live state once hydrated, the server's before; `outside` without a provider. */
export function useHydratedView<T>(context: Context<Views<T> | null>, outside: T): T {
  const views = useContext(context);
  const hydrated = useHydrated();
  if (!views) return outside;
  return hydrated ? views.live : views.serverView;
}

/** The live state, for providers that build on another piece of member state. */
export function useLiveView<T>(context: Context<Views<T> | null>, outside: T): T {
  return useContext(context)?.live ?? outside;
}
