// The member's saved items (SPEC.md 4): the list behind the 'Saved' counter, the drawer and every
// Save button, loaded when a session starts and again after each save or unsave.
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Contest, LocationDetail, OfferListItem } from '../api/api-types.ts';
import { ApiError, callApi, SIGN_IN_AGAIN } from '../api/member-api.ts';
import { useLiveAuthDialog } from './auth-dialog-state.tsx';
import { useHydratedView, type Views } from './hydration-view.ts';
import { useLiveSession } from './session.tsx';
import type { SaveChange } from './offline-wallet.ts';

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

export interface SavedState {
  saved: SavedItems | null;
  refreshSaved(): Promise<void>;
  /** The saved id of an item, when saved. Contests are keyed by entity id. */
  savedId(kind: SavedKind, id: number): number | undefined;
  /** Saves or unsaves; resolves to an error message to show, or null. */
  toggleSave(kind: SavedKind, id: number): Promise<string | null>;
  /** Offers saved or unsaved without a network, waiting to be sent (offline-wallet.ts). */
  waiting: SaveChange[];
}

/** Stands for the saved id of an offer saved offline, until the server gives it one. */
const WAITING_ID = -1;
/** The queue flag of offline-wallet.ts, read here so pages without waiting changes never load it. */
const QUEUE_FLAG = 'localsaver-wallet-queue';
const offlineWallet = () => import('./offline-wallet.ts');

/** SPEC.md 8: clip/unclip with 500+ and a failed favourite create. */
export const SAVE_FAILED = 'There was an error processing your request.';

const SavedContext = createContext<Views<SavedState> | null>(null);

export function SavedProvider({ children }: { children: ReactNode }) {
  const { auth, generation, signOuts, signOut, handleAuthFailure } = useLiveSession();
  const { openAuth } = useLiveAuthDialog();
  // Items belong to the session that loaded them: signing out hides them at once.
  const [loaded, setLoaded] = useState<{ signOuts: number; items: SavedItems } | null>(null);
  const saved = auth && loaded?.signOuts === signOuts ? loaded.items : null;
  // An answer asked for before a sign-in or sign-out is dropped.
  const current = useRef({ generation, signOuts });
  useEffect(() => {
    current.current = { generation, signOuts };
  }, [generation, signOuts]);

  const refreshSaved = useCallback(async () => {
    const mine = current.current;
    try {
      const items = await callApi<SavedItems>('/api/userfavorites/');
      if (current.current.generation === mine.generation) setLoaded({ signOuts: mine.signOuts, items });
    } catch (error) {
      if (current.current.generation !== mine.generation) return;
      // SPEC.md 4, 8: saved items fetch with status 400 or above: logged out, 'You must sign in
      // again to continue', login modal opened.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        signOut();
        openAuth({ message: SIGN_IN_AGAIN, tab: 'signin' });
      } else console.warn('Saved items could not be loaded', error);
    }
  }, [signOut, openAuth]);

  useEffect(() => {
    if (auth) void refreshSaved();
  }, [auth, refreshSaved]);

  // Saves and unsaves made offline: shown at once, sent when the network returns.
  const [waitingChanges, setWaiting] = useState<{ signOuts: number; changes: SaveChange[] } | null>(null);
  const waiting = useMemo(() => (auth && waitingChanges?.signOuts === signOuts ? waitingChanges.changes : []), [auth, waitingChanges, signOuts]);
  useEffect(() => {
    if (!auth) return;
    const replay = async () => {
      if (!localStorage.getItem(QUEUE_FLAG)) return;
      const wallet = await offlineWallet();
      if (navigator.onLine && (await wallet.replayQueue(auth.id)) > 0) await refreshSaved();
      setWaiting({ signOuts, changes: await wallet.readQueue(auth.id) });
    };
    void replay();
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [auth, signOuts, refreshSaved]);

  const savedIndex = useMemo(() => {
    const index = { offer: new Map<number, number>(), location: new Map<number, number>(), contest: new Map<number, number>() };
    if (!saved) return index;
    for (const list of [saved.offers.active, saved.offers.expired, saved.cars.active, saved.cars.expired]) for (const o of list) index.offer.set(o.entitiable_id, o.saved_id);
    for (const l of saved.locations) index.location.set(l.id, l.saved_id);
    for (const c of saved.contests) index.contest.set(c.entity_id, c.saved_id);
    for (const change of waiting) {
      if (change.op === 'save') index.offer.set(change.offerId, WAITING_ID);
      else index.offer.delete(change.offerId);
    }
    return index;
  }, [saved, waiting]);

  const savedId = useCallback((kind: SavedKind, id: number) => savedIndex[kind].get(id), [savedIndex]);

  const toggleSave = useCallback(
    async (kind: SavedKind, id: number): Promise<string | null> => {
      const current = savedIndex[kind].get(id);
      const queueOffline = async () => {
        if (!auth) return;
        const change: SaveChange = current === undefined ? { op: 'save', offerId: id } : { op: 'unsave', offerId: id, savedId: current };
        setWaiting({ signOuts, changes: await (await offlineWallet()).queueChange(auth.id, change) });
      };
      try {
        // Undoing a change that waits for the network only takes it off the queue.
        if (kind === 'offer' && waiting.some((c) => c.offerId === id)) {
          await queueOffline();
          return null;
        }
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
        // No network: offers wait on this device and go when it returns (docs/decisions.md "Offline wallet").
        if (kind === 'offer' && error instanceof ApiError && error.status === 0 && !navigator.onLine) {
          await queueOffline();
          return null;
        }
        console.warn('Save failed', error);
        return error instanceof ApiError && error.status >= 500 ? SAVE_FAILED : error instanceof ApiError ? error.message : SAVE_FAILED;
      }
    },
    [savedIndex, refreshSaved, handleAuthFailure, auth, signOuts, waiting],
  );

  const views = useMemo(() => {
    const live: SavedState = { saved, refreshSaved, savedId, toggleSave, waiting };
    // What the server rendered with: nothing saved.
    return { live, serverView: { ...live, saved: null, savedId: () => undefined, waiting: [] } };
  }, [saved, refreshSaved, savedId, toggleSave, waiting]);
  return <SavedContext.Provider value={views}>{children}</SavedContext.Provider>;
}

const OUTSIDE: SavedState = { saved: null, refreshSaved: async () => {}, savedId: () => undefined, toggleSave: async () => null, waiting: [] };

/** The member's saved items and the calls that change them. */
export function useSaved(): SavedState {
  return useHydratedView(SavedContext, OUTSIDE);
}
