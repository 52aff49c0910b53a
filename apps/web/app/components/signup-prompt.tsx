// Sign-up prompt (SPEC.md 4): after 5 s, if neither previouslySignedUp nor previouslyClosedSignUp
// exists, the prompt flag is set. The members issue may replace the body with its sign-up form.
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { SIGNUP_PROMPT_MS } from '@market/domain/constants';
import { hasSignedUp } from '../lib/member/auth-storage.ts';

export function SignupPrompt({ eligible, twinCities }: { eligible: boolean; twinCities: boolean }) {
  const [flag, setFlag] = useState(false);
  const fetcher = useFetcher({ key: 'close-signup' });
  // Eligibility ends on a sign-in page, with a sign-in or a sign-up: the prompt goes at once,
  // and comes back only 5 s after the visitor is browsing again.
  const [wasEligible, setWasEligible] = useState(eligible);
  if (wasEligible !== eligible) {
    setWasEligible(eligible);
    if (!eligible) setFlag(false);
  }
  useEffect(() => {
    if (!eligible) return;
    const id = setTimeout(() => setFlag(!hasSignedUp()), SIGNUP_PROMPT_MS);
    return () => clearTimeout(id);
  }, [eligible]);
  if (!eligible || !flag || fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <aside className="signup-prompt" aria-labelledby="signup-prompt-title" data-testid="signup-prompt">
      <h2 id="signup-prompt-title">Join for free</h2>
      <p>{twinCities ? 'Create a free account for savings on qualified HomePros' : 'Create a free account to access your saved coupons on the go'}</p>
      <div className="row">
        <Link to="/membership" className="btn btn-primary">
          Sign Up
        </Link>
        <fetcher.Form method="post" action="/preferences">
          <input type="hidden" name="intent" value="close-signup" />
          <button type="submit" className="btn btn-outline">
            No thanks
          </button>
        </fetcher.Form>
      </div>
    </aside>
  );
}
