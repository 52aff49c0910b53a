// The pages a signed-in member opens offline (docs/decisions.md "Offline wallet"): the service
// worker keeps /user/saved when it loads as a document, but the drawer's link to it navigates
// inside the app and never does. So every page of a signed-in member asks the worker to fetch and
// keep it (service-worker/sw.ts 'keep-member-pages'; once kept, the worker does nothing more). The
// copy leaves the device at sign-out (offline-wallet.ts forgetMemberData).
import { useEffect } from 'react';

/** Asks the active service worker to keep the member's offline pages; nothing without one. */
export function keepOfflinePages(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'keep-member-pages' })).catch(() => undefined);
}

/** Keeps the offline pages once a member is signed in (memberId not null), again for each member. */
export function useOfflinePages(memberId: number | null): void {
  useEffect(() => {
    if (memberId !== null) keepOfflinePages();
  }, [memberId]);
}
