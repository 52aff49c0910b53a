// Cookie banner (SPEC.md 2, 4): shown until the consent cookie exists; 'Okay' stores it (150 days,
// SPEC.md 9) through the /preferences action, so it also works before JavaScript loads.
import { useFetcher, useLocation } from 'react-router';

export function CookieBanner() {
  const fetcher = useFetcher({ key: 'cookie-consent' });
  const location = useLocation();
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie notice">
      <p>
        We use cookies to remember your location and improve your visit. See our <a href="/privacy">Privacy Policy</a>.
      </p>
      <fetcher.Form method="post" action="/preferences">
        <input type="hidden" name="intent" value="consent" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="btn btn-primary">
          Okay
        </button>
      </fetcher.Form>
    </section>
  );
}
