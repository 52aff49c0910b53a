// The saved drawer (SPEC.md 4): open or closed; signing out closes it.
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useHydratedView, type Views } from './hydration-view.ts';
import { useLiveSession } from './session.tsx';

export interface SavedDrawerState {
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

const SavedDrawerContext = createContext<Views<SavedDrawerState> | null>(null);

export function SavedDrawerProvider({ children }: { children: ReactNode }) {
  const { signOuts } = useLiveSession();
  // Opened within one session: a sign-out closes it, and the next sign-in does not reopen it.
  const [opened, setOpened] = useState<{ open: boolean; signOuts: number }>({ open: false, signOuts });
  const drawerOpen = opened.open && opened.signOuts === signOuts;
  const setDrawerOpen = useCallback((open: boolean) => setOpened({ open, signOuts }), [signOuts]);
  const views = useMemo(() => {
    const live = { drawerOpen, setDrawerOpen };
    return { live, serverView: { ...live, drawerOpen: false } };
  }, [drawerOpen, setDrawerOpen]);
  return <SavedDrawerContext.Provider value={views}>{children}</SavedDrawerContext.Provider>;
}

const OUTSIDE: SavedDrawerState = { drawerOpen: false, setDrawerOpen: () => {} };

/** Whether the saved drawer is open, and the call that opens or closes it. */
export function useSavedDrawer(): SavedDrawerState {
  return useHydratedView(SavedDrawerContext, OUTSIDE);
}
