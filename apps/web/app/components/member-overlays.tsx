// The member's overlays, each loaded on demand (first-load JS stays small): the auth modal, the
// saved drawer and the 'Personalize your experience' modal of /?personalize=true (SPEC.md 2).
// Mounted on every saver page: it also asks the service worker to keep a signed-in member's
// offline pages (lib/member/offline-pages.ts).
import { latePart } from '../lib/ui/late-parts.tsx';
import { useLocation } from 'react-router';
import { useAuthDialog } from '../lib/member/auth-dialog-state.tsx';
import { useOfflinePages } from '../lib/member/offline-pages.ts';
import { useSavedDrawer } from '../lib/member/saved-drawer-state.tsx';
import { useSession } from '../lib/member/session.tsx';

// Drawn by the server too when the address asks for one (late-parts.tsx).
const AuthDialog = latePart(() => import('./auth-dialog.tsx').then((m) => m.default));
const SavedDrawer = latePart(() => import('./saved-drawer.tsx').then((m) => m.default));
const PersonalizeDialog = latePart(() => import('./personalize-dialog.tsx').then((m) => m.default));

export function MemberOverlays({ twinCities, state }: { twinCities: boolean; state: string }) {
  const session = useSession();
  const dialog = useAuthDialog();
  const drawer = useSavedDrawer();
  const location = useLocation();
  useOfflinePages(session.auth ? session.auth.id : null);
  const personalize = location.pathname === '/' && new URLSearchParams(location.search).get('personalize') === 'true' && Boolean(session.auth);
  return (
    <>
      {dialog.authDialog.open ? <AuthDialog twinCities={twinCities} /> : null}
      {drawer.drawerOpen && session.auth ? <SavedDrawer state={state} /> : null}
      {personalize ? <PersonalizeDialog /> : null}
    </>
  );
}
