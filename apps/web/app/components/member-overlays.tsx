// The member's overlays, each loaded on demand (first-load JS stays small): the auth modal, the
// saved drawer and the 'Personalize your experience' modal of /?personalize=true (SPEC.md 2).
// Mounted on every saver page: it also asks the service worker to keep a signed-in member's
// offline pages (lib/member/offline-pages.ts).
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuthDialog } from '../lib/member/auth-dialog-state.tsx';
import { useOfflinePages } from '../lib/member/offline-pages.ts';
import { useSavedDrawer } from '../lib/member/saved-drawer-state.tsx';
import { useSession } from '../lib/member/session.tsx';

const AuthDialog = lazy(() => import('./auth-dialog.tsx'));
const SavedDrawer = lazy(() => import('./saved-drawer.tsx'));
const PersonalizeDialog = lazy(() => import('./personalize-dialog.tsx'));

export function MemberOverlays({ twinCities, state }: { twinCities: boolean; state: string }) {
  const session = useSession();
  const dialog = useAuthDialog();
  const drawer = useSavedDrawer();
  const location = useLocation();
  useOfflinePages(session.auth ? session.auth.id : null);
  const personalize = location.pathname === '/' && new URLSearchParams(location.search).get('personalize') === 'true' && Boolean(session.auth);
  return (
    <Suspense fallback={null}>
      {dialog.authDialog.open ? <AuthDialog twinCities={twinCities} /> : null}
      {drawer.drawerOpen && session.auth ? <SavedDrawer state={state} /> : null}
      {personalize ? <PersonalizeDialog /> : null}
    </Suspense>
  );
}
