// The member's state in the browser (SPEC.md 4): authentication (unknown -> user or false), the
// auth modal with its message, the saved items behind the 'Saved' counter and every Save button,
// and the saved drawer. One provider in the root layout; components read it with useMember().
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { greetingName } from '@market/domain/person-name';
import type { AuthState } from '../../components/header.tsx';
import type { Contest, LocationDetail, OfferListItem } from '../api/api-types.ts';
import { clearSession, cookieUser, rememberSignedUp, storeSession, storedToken, updateSessionUser, type SessionUser } from './auth-storage.ts';
import { ApiError, callApi, SIGN_IN_AGAIN } from '../api/member-api.ts';
import { useHydrated } from '../ui/hooks.ts';

export type SavedOffer = OfferListItem & { saved_id: number; expiry_status: 'active' | 'expired'; is_active: boolean };
export type SavedLocation = Omit<LocationDetail, 'category'> & { saved_id: number; category: { display?: string; name?: string } | string | null };
export type SavedContest = Contest & { saved_id: number; running: boolean };

/** GET /api/userfavorites/ (SPEC.md 7; split into active and recently expired, SPEC.md 2, 4). */
export interface SavedItems {
  offers: { active: SavedOffer[]; expired: SavedOffer[] };
  cars: { active: SavedOffer[]; expired: SavedOffer[] };
  locations: SavedLocation[];
  contests: SavedContest[];
  count: number;
}

export type SavedKind = 'offer' | 'location' | 'contest';
export type AuthTab = 'signin' | 'signup';

export interface LoginAnswer {
  token: string;
  expires: number;
  user: { id: number; name: string; email: string; first_name: string };
}

interface MemberState {
  auth: AuthState;
  signIn(answer: LoginAnswer): void;
  /** The member changed their name (profile saved): the greeting follows at once. */
  renamed(user: { name: string; first_name: string }): void;
  /** Logout (SPEC.md 4): token and cookie removed, auth modal closed, user cleared. */
  signOut(): void;
  authDialog: { open: boolean; message: string | null; tab: AuthTab };
  openAuth(options?: { message?: string; tab?: AuthTab }): void;
  closeAuth(): void;
  saved: SavedItems | null;
  refreshSaved(): Promise<void>;
  /** The saved id of an item, when saved. Contests are keyed by entity id. */
  savedId(kind: SavedKind, id: number): number | undefined;
  /** Saves or unsaves; resolves to an error message to show, or null. */
  toggleSave(kind: SavedKind, id: number): Promise<string | null>;
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
  /** Handles a 401 from any member call: logged out, message shown, login modal opened (SPEC.md 4). */
  handleAuthFailure(error: unknown, message?: string): boolean;
}

const MemberContext = createContext<{ live: MemberState; serverView: MemberState } | null>(null);

/** SPEC.md 8: clip/unclip with 500+ and a failed favourite create. */
export const SAVE_FAILED = 'There was an error processing your request.';

export function MemberProvider({ initialAuth, children }: { initialAuth: AuthState; children: ReactNode }) {
  const [auth, setAuth] = useState<AuthState>(initialAuth);
  const [authDialog, setAuthDialog] = useState<MemberState['authDialog']>({ open: false, message: null, tab: 'signup' });
  const [saved, setSaved] = useState<SavedItems | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const generation = useRef(0);

  const signOut = useCallback(() => {
    const token = storedToken();
    if (token) void fetch('/auth/logout/', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    clearSession();
    generation.current += 1;
    setAuth(false);
    setSaved(null);
    setDrawerOpen(false);
    setAuthDialog((d) => ({ ...d, open: false, message: null }));
  }, []);

  const openAuth = useCallback((options: { message?: string; tab?: AuthTab } = {}) => {
    setAuthDialog({ open: true, message: options.message ?? null, tab: options.tab ?? (options.message ? 'signin' : 'signup') });
  }, []);

  const handleAuthFailure = useCallback(
    (error: unknown, message = SIGN_IN_AGAIN) => {
      if (!(error instanceof ApiError) || !error.unauthorised) return false;
      signOut();
      openAuth({ message, tab: 'signin' });
      return true;
    },
    [signOut, openAuth],
  );

  const refreshSaved = useCallback(async () => {
    const mine = generation.current;
    try {
      const items = await callApi<SavedItems>('/api/userfavorites/');
      if (generation.current === mine) setSaved(items);
    } catch (error) {
      if (generation.current !== mine) return;
      // SPEC.md 4, 8: saved items fetch with status 400 or above: logged out, 'You must sign in
      // again to continue', login modal opened.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        signOut();
        openAuth({ message: SIGN_IN_AGAIN, tab: 'signin' });
      } else console.warn('Saved items could not be loaded', error);
    }
  }, [signOut, openAuth]);

  const signIn = useCallback((answer: LoginAnswer) => {
    const user: SessionUser = { id: answer.user.id, name: answer.user.name, firstName: answer.user.first_name };
    storeSession(answer.token, answer.expires, user);
    // Whoever signs in has an account: no 'Join for free' prompt after signing out either.
    rememberSignedUp();
    generation.current += 1;
    setAuth(user);
    setAuthDialog((d) => ({ ...d, open: false, message: null }));
  }, []);

  const renamed = useCallback(
    (changed: { name: string; first_name: string }) => {
      if (!auth) return;
      const user: SessionUser = { ...auth, name: changed.name, firstName: changed.first_name };
      updateSessionUser(user);
      setAuth(user);
    },
    [auth],
  );

  // SPEC.md 4: unknown until the browser has read its token; then the user or false.
  useEffect(() => {
    const token = storedToken();
    const user = cookieUser();
    if (token && user) setAuth(user);
    else {
      if (token || user) clearSession();
      setAuth(false);
    }
  }, []);

  useEffect(() => {
    if (auth) void refreshSaved();
  }, [auth, refreshSaved]);

  const savedIndex = useMemo(() => {
    const index = { offer: new Map<number, number>(), location: new Map<number, number>(), contest: new Map<number, number>() };
    if (!saved) return index;
    for (const list of [saved.offers.active, saved.offers.expired, saved.cars.active, saved.cars.expired]) for (const o of list) index.offer.set(o.entitiable_id, o.saved_id);
    for (const l of saved.locations) index.location.set(l.id, l.saved_id);
    for (const c of saved.contests) index.contest.set(c.entity_id, c.saved_id);
    return index;
  }, [saved]);

  const savedId = useCallback((kind: SavedKind, id: number) => savedIndex[kind].get(id), [savedIndex]);

  const toggleSave = useCallback(
    async (kind: SavedKind, id: number): Promise<string | null> => {
      const current = savedIndex[kind].get(id);
      try {
        if (kind === 'offer') {
          if (current) await callApi(`/api/userclipped/${current}/`, { method: 'DELETE' });
          else await callApi('/api/userclipped/', { method: 'POST', body: { offer_id: id } });
        } else if (current) {
          // SPEC.md 4: contests are removed by entity id; locations by saved id.
          const path = kind === 'contest' ? `/api/userfavorites/${id}/?favoritable_type=ContestEntity` : `/api/userfavorites/${current}/`;
          try {
            await callApi(path, { method: 'DELETE' });
          } catch (error) {
            // SPEC.md 8: a failed favourite delete is only logged.
            if (!(error instanceof ApiError && error.unauthorised)) console.warn('Unsave failed', error);
            else throw error;
          }
        } else {
          await callApi('/api/userfavoriteslocation/', { method: 'POST', body: { favoritable_id: id, favoritable_type: kind === 'contest' ? 'ContestEntity' : 'Location' } });
        }
        await refreshSaved();
        return null;
      } catch (error) {
        if (handleAuthFailure(error)) return null;
        console.warn('Save failed', error);
        return error instanceof ApiError && error.status >= 500 ? SAVE_FAILED : error instanceof ApiError ? error.message : SAVE_FAILED;
      }
    },
    [savedIndex, refreshSaved, handleAuthFailure],
  );

  const value = useMemo<MemberState>(
    () => ({
      auth,
      signIn,
      renamed,
      signOut,
      authDialog,
      openAuth,
      closeAuth: () => setAuthDialog((d) => ({ ...d, open: false, message: null })),
      saved,
      refreshSaved,
      savedId,
      toggleSave,
      drawerOpen,
      setDrawerOpen,
      handleAuthFailure,
    }),
    [auth, signIn, renamed, signOut, authDialog, openAuth, saved, refreshSaved, savedId, toggleSave, drawerOpen, handleAuthFailure],
  );
  // What the server rendered with: the auth state it knew, nothing saved, nothing open.
  const serverView = useMemo<MemberState>(
    () => ({ ...value, auth: initialAuth, authDialog: { open: false, message: null, tab: 'signup' }, saved: null, savedId: () => undefined, drawerOpen: false }),
    [value, initialAuth],
  );
  const both = useMemo(() => ({ live: value, serverView }), [value, serverView]);
  return <MemberContext.Provider value={both}>{children}</MemberContext.Provider>;
}

const OUTSIDE: MemberState = {
  auth: false,
  signIn: () => {},
  renamed: () => {},
  signOut: () => {},
  authDialog: { open: false, message: null, tab: 'signup' },
  openAuth: () => {},
  closeAuth: () => {},
  saved: null,
  refreshSaved: async () => {},
  savedId: () => undefined,
  toggleSave: async () => null,
  drawerOpen: false,
  setDrawerOpen: () => {},
  handleAuthFailure: () => false,
};

/**
 * The member's state. While a component hydrates it is the state the server rendered with, so
 * parts that hydrate late (a deep-linked modal whose code arrives after the browser has read the
 * session) match the server's markup, then update at once.
 */
export function useMember(): MemberState {
  const member = useContext(MemberContext);
  const hydrated = useHydrated();
  if (!member) return OUTSIDE;
  return hydrated ? member.live : member.serverView;
}

/** How the greeting names a member: the whole first name in capitalised words (SPEC.md 2 Home). */
export function greetingOf(user: SessionUser): string {
  return greetingName(user.firstName);
}
