// Choosing a place (SPEC.md 4 Persistence): a city from the suggestions or the browser's own
// position goes to the /location action, which sets the userGeo cookie and re-renders the page.
import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';

export type LocationSetter = ReturnType<typeof useSetLocation>;

/** Submits a new place to the /location action. */
export function useSetLocation() {
  const fetcher = useFetcher();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const [locating, setLocating] = useState(false);
  return {
    busy: fetcher.state !== 'idle' || locating,
    choosePlace(id: string | number) {
      void fetcher.submit({ place_id: String(id), redirectTo }, { method: 'post', action: '/location' });
    },
    /** A 5-digit ZIP code (the /location action resolves it through the places data). */
    chooseZip(zip: string) {
      void fetcher.submit({ zip, redirectTo }, { method: 'post', action: '/location' });
    },
    useCurrentLocation() {
      if (!('geolocation' in navigator)) return;
      setLocating(true);
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          setLocating(false);
          void fetcher.submit({ lat: String(pos.coords.latitude), lng: String(pos.coords.longitude), redirectTo }, { method: 'post', action: '/location' });
        },
        (error) => {
          // SPEC.md 8: a geolocation failure is logged and stops loading.
          console.warn(`Geolocation failed: ${error.message}`);
          setLocating(false);
        },
        { timeout: 10_000, maximumAge: 600_000 },
      );
    },
    redirectTo,
  };
}
