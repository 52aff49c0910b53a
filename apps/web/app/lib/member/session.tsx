// The member's session in the browser (SPEC.md 4 Authentication): unknown while the server
// renders, then the user or false once the browser has read its token and cookie. Sign in,
// rename, sign out, and the one answer to a 401 from any member call.
import { createContext, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginOut } from '@market/domain/api/auth';
import { greetingName } from '@market/domain/person-name';
import { ApiError, SIGN_IN_AGAIN } from '../api/member-api.ts';
import { useLiveAuthDialog } from './auth-dialog-state.tsx';
import { clearSession, cookieUser, rememberSignedUp, storeSession, storedToken, updateSessionUser, type SessionUser } from './auth-storage.ts';
import { useHydratedView, useLiveView, type Views } from './hydration-view.ts';

/** Unknown (null) until the browser has read the session, then the user or false. */
export type AuthState = null | false | SessionUser;


export interface SessionState {
  auth: AuthState;
  /** Changes at every sign-in and sign-out: answers asked for before it changed are stale. */
  generation: number;
  /** Sign-outs so far: state kept for one session (saved items, the open drawer) ends with it. */
  signOuts: number;
  signIn(answer: LoginOut): void;
  /** The member changed their name (profile saved): the greeting follows at once. */
  renamed(user: { name: string; first_name: string }): void;
  /** Logout (SPEC.md 4): token and cookie removed, auth modal closed, user cleared. */
  signOut(): void;
  /** Handles a 401 from any member call: logged out, message shown, login modal opened (SPEC.md 4). */
  handleAuthFailure(error: unknown, message?: string): boolean;
}

interface Snapshot {
  auth: AuthState;
  generation: number;
  signOuts: number;
}

/** The session read from the browser's storage; an incomplete one (token or cookie missing) is cleared. */
function readSession(): AuthState {
  const token = storedToken();
  const user = cookieUser();
  if (token && user) return user;
  if (token || user) clearSession();
  return false;
}

// An external store rather than state set by an effect: React renders the server's snapshot while
// hydrating and the browser's right after, and the user and the counters change in one step.
function createSessionStore() {
  let snapshot: Snapshot | null = null;
  const listeners = new Set<() => void>();
  const get = (): Snapshot => (snapshot ??= { auth: readSession(), generation: 0, signOuts: 0 });
  return {
    get,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(auth: AuthState, change: 'sign-in' | 'sign-out' | 'rename') {
      const current = get();
      snapshot = {
        auth,
        generation: change === 'rename' ? current.generation : current.generation + 1,
        signOuts: change === 'sign-out' ? current.signOuts + 1 : current.signOuts,
      };
      for (const listener of listeners) listener();
    },
  };
}

const SessionContext = createContext<Views<SessionState> | null>(null);

export function SessionProvider({ initialAuth, children }: { initialAuth: AuthState; children: ReactNode }) {
  const [store] = useState(createSessionStore);
  const [serverSnapshot] = useState<Snapshot>(() => ({ auth: initialAuth, generation: 0, signOuts: 0 }));
  const { auth, generation, signOuts } = useSyncExternalStore(store.subscribe, store.get, () => serverSnapshot);
  const { openAuth, closeAuth } = useLiveAuthDialog();

  const signOut = useCallback(() => {
    const token = storedToken();
    if (token) void fetch('/auth/logout/', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    clearSession();
    // The member's coupons kept for offline use leave the device with them (docs/decisions.md "Offline wallet").
    void import('./offline-wallet.ts').then((wallet) => wallet.forgetMemberData()).catch(() => undefined);
    store.set(false, 'sign-out');
    closeAuth();
  }, [store, closeAuth]);

  const handleAuthFailure = useCallback(
    (error: unknown, message = SIGN_IN_AGAIN) => {
      if (!(error instanceof ApiError) || !error.unauthorised) return false;
      signOut();
      openAuth({ message, tab: 'signin' });
      return true;
    },
    [signOut, openAuth],
  );

  const signIn = useCallback(
    (answer: LoginOut) => {
      const user: SessionUser = { id: answer.user.id, name: answer.user.name, firstName: answer.user.first_name };
      storeSession(answer.token, answer.expires, user);
      // Whoever signs in has an account: no 'Join for free' prompt after signing out either.
      rememberSignedUp();
      store.set(user, 'sign-in');
      closeAuth();
    },
    [store, closeAuth],
  );

  const renamed = useCallback(
    (changed: { name: string; first_name: string }) => {
      const current = store.get().auth;
      if (!current) return;
      const user: SessionUser = { ...current, name: changed.name, firstName: changed.first_name };
      updateSessionUser(user);
      store.set(user, 'rename');
    },
    [store],
  );

  const views = useMemo(() => {
    const live: SessionState = { auth, generation, signOuts, signIn, renamed, signOut, handleAuthFailure };
    return { live, serverView: { ...live, auth: initialAuth, generation: 0, signOuts: 0 } };
  }, [auth, generation, signOuts, signIn, renamed, signOut, handleAuthFailure, initialAuth]);
  return <SessionContext.Provider value={views}>{children}</SessionContext.Provider>;
}

const OUTSIDE: SessionState = {
  auth: false,
  generation: 0,
  signOuts: 0,
  signIn: () => {},
  renamed: () => {},
  signOut: () => {},
  handleAuthFailure: () => false,
};

/** The member's session and the calls that change it. */
export function useSession(): SessionState {
  return useHydratedView(SessionContext, OUTSIDE);
}

/** The live session, for the providers of state kept per session. */
export function useLiveSession(): SessionState {
  return useLiveView(SessionContext, OUTSIDE);
}

/** How the greeting names a member: the whole first name in capitalised words (SPEC.md 2 Home). */
export function greetingOf(user: SessionUser): string {
  return greetingName(user.firstName);
}
