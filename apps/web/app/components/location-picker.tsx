// Location dropdown (desktop) and 'Set Your Location' dialog (below 800 px): city autocomplete
// with the debounce and key rules of SPEC.md 4, 'Use Current Location' / 'Get Current Location'
// through browser geolocation and reverse geocoding. Choosing sets the userGeo cookie through the
// /location action, which re-renders the page for the new place. Without JavaScript the input is
// a plain form: the action takes the first city matching the text.
import { useRef, useState, type RefObject } from 'react';
import { BREAKPOINTS } from '@market/domain/constants';
import { ZIP_PATTERN } from '@market/domain/list-sort';
import { locationLabel, placeText } from '@market/domain/location-label';
import type { UserGeo } from '@market/domain/user-geo';
import type { PlaceSuggestion } from '../lib/api/api-types.ts';
import { loadPlaces, useAutocomplete } from '../lib/ui/autocomplete.ts';
import { useMediaQuery } from '../lib/ui/hooks.ts';
import { onDemand } from '../lib/ui/on-demand.ts';
import type { LocationFieldProps } from './location-combobox.tsx';
import { LazyDialog } from './lazy-dialog.tsx';
import { useSetLocation } from './set-location.ts';


const useLocationCombobox = onDemand(() => import('./location-combobox.tsx'));

export function LocationPicker({ geo }: { geo: UserGeo }) {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [dialogOpen, setDialogOpen] = useState(false);
  const current = placeText(geo);
  const placeholder = current || 'Search My City';
  const setter = useSetLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [loaded, load] = useLocationCombobox('location-combobox-input');
  // The suggestions are for wide screens; below 800 px the field opens the dialog instead.
  const intent = () => {
    if (!narrow) load();
  };
  const field = { placeholder, narrow, setter, inputRef, onOpenDialog: () => setDialogOpen(true) };

  return (
    <div className="location-picker">
      <form
        method="post"
        action="/location"
        className="location-form"
        onPointerEnter={intent}
        // Until the widget is here, Enter posts the text as the no-JS form does (the first matching city).
        onSubmit={(e) => {
          if (loaded) e.preventDefault();
        }}
      >
        <input type="hidden" name="redirectTo" value={setter.redirectTo} />
        <label id="location-combobox-label" htmlFor="location-combobox-input" className="location-label">
          <span aria-hidden="true" className="pin" /> Offers <span className="location-label-text">{locationLabel(geo)}</span>
        </label>
        {loaded ? <loaded.mod.LocationCombobox {...field} initial={loaded.initial} initialOpen={loaded.open} /> : <LocationStandIn {...field} onIntent={intent} />}
        <noscript>
          <button type="submit" className="btn btn-small">Set</button>
        </noscript>
      </form>
      <LocationDialog open={dialogOpen} onOpenChange={setDialogOpen} geo={geo} setter={setter} returnFocus={inputRef} />
    </div>
  );
}

/** The combobox's server markup, without its code. */
function LocationStandIn({ placeholder, narrow, inputRef, onOpenDialog, onIntent }: LocationFieldProps & { onIntent: () => void }) {
  return (
    <div className="location-input-wrap">
      <input
        aria-activedescendant=""
        aria-autocomplete="list"
        aria-controls="location-combobox-menu"
        aria-expanded="false"
        aria-labelledby="location-combobox-label"
        autoComplete="off"
        id="location-combobox-input"
        role="combobox"
        ref={inputRef}
        name="q"
        placeholder={placeholder}
        readOnly={narrow}
        defaultValue=""
        onFocus={onIntent}
        onClick={() => {
          if (narrow) onOpenDialog();
        }}
        className="location-input"
      />
      <ul id="location-combobox-menu" role="listbox" aria-labelledby="location-combobox-label" className="dropdown " />
    </div>
  );
}

/** 'Set Your Location' (SPEC.md 2 Header): city search input, 'Get Current Location', 'Set Location', results. */
export function LocationDialog({ open, onOpenChange, geo, setter, returnFocus }: { open: boolean; onOpenChange: (open: boolean) => void; geo: UserGeo; setter?: ReturnType<typeof useSetLocation>; returnFocus?: RefObject<HTMLElement | null> }) {
  const ownSetter = useSetLocation();
  const actions = setter ?? ownSetter;
  const [text, setText] = useState('');
  const { items } = useAutocomplete(text, loadPlaces);
  const [selected, setSelected] = useState<PlaceSuggestion | null>(null);
  const zip = ZIP_PATTERN.test(text.trim());
  const choose = (place: PlaceSuggestion) => {
    actions.choosePlace(place.id);
    onOpenChange(false);
  };
  return (
    <LazyDialog open={open} onOpenChange={onOpenChange} title="Set Your Location" className="sheet location-dialog" returnFocus={returnFocus}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          // A 5-digit ZIP code sets the place by itself.
          if (zip) {
            actions.chooseZip(text.trim());
            onOpenChange(false);
            return;
          }
          // SPEC.md 4: 'Set Location' acts only when there is text and at least one result.
          const pick = selected ?? items[0];
          if (text.trim() && pick) choose(pick);
        }}
      >
        <label className="field">
          <span className="visually-hidden">City or ZIP code</span>
          <input
            type="search"
            value={text}
            autoComplete="off"
            placeholder={placeText(geo) || 'City or ZIP code'}
            onChange={(e) => {
              setText(e.target.value);
              setSelected(null);
            }}
            aria-controls="location-dialog-results"
          />
        </label>
        <button
          type="button"
          className="list-button current"
          onClick={() => {
            actions.useCurrentLocation();
            onOpenChange(false);
          }}
        >
          Get Current Location
        </button>
        <ul id="location-dialog-results" className="result-list" aria-label="Cities">
          {items.map((place) => (
            <li key={String(place.id)}>
              <button type="button" className="list-button" onClick={() => choose(place)}>
                {place.suggestion}
              </button>
            </li>
          ))}
        </ul>
        <button type="submit" className="btn btn-primary" disabled={!zip && (!text.trim() || items.length === 0)}>
          Set Location
        </button>
      </form>
    </LazyDialog>
  );
}

export { useSetLocation };
