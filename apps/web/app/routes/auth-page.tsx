// /login, /signup and /membership (SPEC.md 2 Routes, Login and sign-up): the combined panel as a
// page. /login opens on Sign In; /signup and /membership on Sign Up (the panel's starting tab).
import { Link, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/auth-page';
import { AuthPanel } from '../components/auth-panel.tsx';
import { buildMeta } from '../lib/content/meta.ts';
import { greetingOf, useSession } from '../lib/member/session.tsx';
import { useRootData } from '../root.tsx';
import { safeRedirectPath } from '@market/domain/redirect';

export function meta(args: Route.MetaArgs) {
  const signIn = args.location.pathname.startsWith('/login');
  return buildMeta(args, {
    title: signIn ? 'Sign In' : 'Sign Up',
    description: 'Sign in or create a free account to save coupons, enter contests and get offers picked for you.',
    noindex: true,
  });
}

/** A site path to return to after signing in (?redirectTo=/...), else the home page. */
function returnPath(search: string): string {
  return safeRedirectPath(new URLSearchParams(search).get('redirectTo'), window.location.origin);
}

export default function AuthPage() {
  const root = useRootData();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = location.pathname.startsWith('/login');
  return (
    <div className="container page auth-page">
      <h1 className="page-title">{signIn ? 'Sign In' : 'Join for Free'}</h1>
      {session.auth ? (
        <div className="empty-state">
          <p>You are signed in as {greetingOf(session.auth)}.</p>
          <Link to="/user/account?info=1" className="btn btn-primary">
            My Account
          </Link>
        </div>
      ) : (
        <div className="auth-card">
          <AuthPanel initialTab={signIn ? 'signin' : 'signup'} twinCities={root.twinCities} afterSignIn={() => void navigate(returnPath(location.search))} />
        </div>
      )}
    </div>
  );
}
