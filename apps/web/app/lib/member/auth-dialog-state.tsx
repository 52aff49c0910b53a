// The auth modal (SPEC.md 4): open or closed, the message it shows above the form, and its tab.
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useHydratedView, useLiveView, type Views } from './hydration-view.ts';

export type AuthTab = 'signin' | 'signup';

export interface AuthDialogState {
  authDialog: { open: boolean; message: string | null; tab: AuthTab };
  openAuth(options?: { message?: string; tab?: AuthTab }): void;
  closeAuth(): void;
}

const CLOSED: AuthDialogState['authDialog'] = { open: false, message: null, tab: 'signup' };
const AuthDialogContext = createContext<Views<AuthDialogState> | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [authDialog, setAuthDialog] = useState(CLOSED);
  // A message means the member was sent to sign in: that tab unless another is asked for.
  const openAuth = useCallback((options: { message?: string; tab?: AuthTab } = {}) => {
    setAuthDialog({ open: true, message: options.message ?? null, tab: options.tab ?? (options.message ? 'signin' : 'signup') });
  }, []);
  const closeAuth = useCallback(() => setAuthDialog((d) => ({ ...d, open: false, message: null })), []);
  const views = useMemo(() => {
    const live = { authDialog, openAuth, closeAuth };
    return { live, serverView: { ...live, authDialog: CLOSED } };
  }, [authDialog, openAuth, closeAuth]);
  return <AuthDialogContext.Provider value={views}>{children}</AuthDialogContext.Provider>;
}

const OUTSIDE: AuthDialogState = { authDialog: CLOSED, openAuth: () => {}, closeAuth: () => {} };

/** The auth modal's state and the calls that open and close it. */
export function useAuthDialog(): AuthDialogState {
  return useHydratedView(AuthDialogContext, OUTSIDE);
}

/** The live auth modal state, for the session provider. */
export function useLiveAuthDialog(): AuthDialogState {
  return useLiveView(AuthDialogContext, OUTSIDE);
}
