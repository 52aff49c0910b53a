// The member's overlays, each loaded on demand (first-load JS stays small): the auth modal, the
// saved drawer and the 'Personalize your experience' modal of /?personalize=true (SPEC.md 2).
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useMember } from '../lib/member/member.tsx';

const AuthDialog = lazy(() => import('./auth-dialog.tsx'));
const SavedDrawer = lazy(() => import('./saved-drawer.tsx'));
const PersonalizeDialog = lazy(() => import('./personalize-dialog.tsx'));

export function MemberOverlays({ twinCities, state }: { twinCities: boolean; state: string }) {
  const member = useMember();
  const location = useLocation();
  const personalize = location.pathname === '/' && new URLSearchParams(location.search).get('personalize') === 'true' && Boolean(member.auth);
  return (
    <Suspense fallback={null}>
      {member.authDialog.open ? <AuthDialog twinCities={twinCities} /> : null}
      {member.drawerOpen && member.auth ? <SavedDrawer state={state} /> : null}
      {personalize ? <PersonalizeDialog /> : null}
    </Suspense>
  );
}
