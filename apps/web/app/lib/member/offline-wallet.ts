// The member's coupons on this device (docs/decisions.md "Offline wallet"): the last saved-items
// answer with the time it was synced, the copies of the mobile coupons they opened, and the saves
// and unsaves made without a network, replayed when it returns. Kept in IndexedDB per member id and
// erased at sign-out; loaded only by the saved-coupons page and when a change must wait.
import { clear, createStore, del, get, set, update } from 'idb-keyval';
import type { WalletCopyOut } from '@market/domain/api/wallet';
import { ApiError, callApi } from '../api/member-api.ts';

const store = createStore('localsaver-wallet', 'member');

/** Set while changes wait, so pages can tell without opening IndexedDB (saved.tsx). */
export const QUEUE_FLAG = 'localsaver-wallet-queue';

/** The last saved-items answer (saved.tsx SavedItems) and when it came. */
export interface SavedSnapshot<Items> {
  items: Items;
  /** ISO time of the answer. */
  syncedAt: string;
}

/** A save or unsave made offline: applied in order when the network returns. */
export type SaveChange = { op: 'save'; offerId: number } | { op: 'unsave'; offerId: number; savedId: number };

const snapshotKey = (memberId: number) => `saved:${memberId}`;
const copiesKey = (memberId: number) => `copies:${memberId}`;
const queueKey = (memberId: number) => `queue:${memberId}`;

export async function readSnapshot<Items>(memberId: number): Promise<SavedSnapshot<Items> | undefined> {
  return get<SavedSnapshot<Items>>(snapshotKey(memberId), store);
}

export async function writeSnapshot<Items>(memberId: number, items: Items): Promise<SavedSnapshot<Items>> {
  const snapshot = { items, syncedAt: new Date().toISOString() };
  await set(snapshotKey(memberId), snapshot, store);
  return snapshot;
}

/** The mobile coupons this member opened on this device, by offer id. */
export async function readCopies(memberId: number): Promise<Record<number, WalletCopyOut>> {
  return (await get<Record<number, WalletCopyOut>>(copiesKey(memberId), store)) ?? {};
}

export async function keepCopy(memberId: number, copy: WalletCopyOut): Promise<void> {
  await update<Record<number, WalletCopyOut>>(copiesKey(memberId), (copies) => ({ ...copies, [copy.offer_id]: copy }), store);
}

export async function readQueue(memberId: number): Promise<SaveChange[]> {
  return (await get<SaveChange[]>(queueKey(memberId), store)) ?? [];
}

/**
 * Queues a change; a change that undoes a waiting one cancels it instead (saved then unsaved
 * offline sends nothing).
 */
export async function queueChange(memberId: number, change: SaveChange): Promise<SaveChange[]> {
  let next: SaveChange[] = [];
  await update<SaveChange[]>(
    queueKey(memberId),
    (queue = []) => {
      const waiting = queue.findIndex((c) => c.offerId === change.offerId);
      next = waiting >= 0 && queue[waiting]!.op !== change.op ? queue.filter((_, i) => i !== waiting) : [...queue.filter((c) => c.offerId !== change.offerId), change];
      return next;
    },
    store,
  );
  if (next.length) localStorage.setItem(QUEUE_FLAG, '1');
  else localStorage.removeItem(QUEUE_FLAG);
  return next;
}

/**
 * Sends the waiting changes in order. Saving is idempotent on the server (saving again answers the
 * same id) and an unsave of an item already gone is a 404, so a change sent twice does no harm.
 * Stops at the first network failure, keeping the rest; answers how many were sent.
 */
export async function replayQueue(memberId: number): Promise<number> {
  const queue = await readQueue(memberId);
  let sent = 0;
  for (const change of queue) {
    try {
      if (change.op === 'save') await callApi('/api/userclipped/', { method: 'POST', body: { offer_id: change.offerId } });
      else await callApi(`/api/userclipped/${change.savedId}/`, { method: 'DELETE' });
    } catch (error) {
      // No network (0) or a server failure: try again later. A 4xx (offer withdrawn, already
      // unsaved) will never succeed: dropped.
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) break;
      if (error.unauthorised) break;
    }
    sent += 1;
  }
  const rest = queue.slice(sent);
  if (rest.length) await set(queueKey(memberId), rest, store);
  else {
    await del(queueKey(memberId), store);
    localStorage.removeItem(QUEUE_FLAG);
  }
  return sent;
}

/** Erases every member's data on this device and the service worker's page copies (sign-out). */
export async function forgetMemberData(): Promise<void> {
  localStorage.removeItem(QUEUE_FLAG);
  await clear(store);
  // The worker is told (so a copy it is fetching is not stored after), and the page empties the
  // cache itself too, in case no worker controls it (service-worker/sw.ts PAGES_CACHE).
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-member-caches' });
  if (typeof caches !== 'undefined') await caches.delete('pages').catch(() => false);
}
