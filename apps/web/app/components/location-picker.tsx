// Location dropdown (desktop) and 'Set Your Location' dialog (below 800 px): city autocomplete
// with the debounce and key rules of SPEC.md 4, 'Use Current Location' / 'Get Current Location'
// through browser geolocation and reverse geocoding. Choosing sets the userGeo cookie through the
// /location action, which re-renders the page for the new place. Without JavaScript the input is
// a plain form: the action takes the first city matching the text.
import { useCombobox } from 'downshift';
import { useRef, useState, type RefObject } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { BREAKPOINTS } from '@market/domain/constants';
import { locationLabel, placeText } from '@market/domain/location-label';
import type { UserGeo } from '@market/domain/user-geo';
import type { PlaceSuggestion } from '../lib/api-types.ts';
import { fetchList, useAutocomplete } from '../lib/autocomplete.ts';
import { useMediaQuery } from '../lib/hooks.ts';
import { LazyDialog } from './lazy-dialog.tsx';

type Item = { kind: 'current' } | { kind: 'place'; place: PlaceSuggestion };

const CURRENT: Item = { kind: 'current' };

function loadPlaces(q: string, signal: AbortSignal) {
  return fetchList<PlaceSuggestion>(`/api/places/autocomplete/?q=${encodeURIComponent(q)}`, signal);
}

/** Submits a new place to the /location action. */
function useSetLocation() {
  const fetcher = useFetcher();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const [locating, setLocating] = useState(false);
  return {
    busy: fetcher.state !== 'idle' || locating,
    choosePlace(id: string | number) {
      void fetcher.submit({ place_id: String(id), redirectTo }, { method: 'post', action: '/location' });
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

function itemText(item: Item | null): string {
  return item?.kind === 'place' ? item.place.suggestion : '';
}

export function LocationPicker({ geo }: { geo: UserGeo }) {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [dialogOpen, setDialogOpen] = useState(false);
  const current = placeText(geo);
  const placeholder = current || 'Search My City';
  const setter = useSetLocation();
  const [text, setText] = useState('');
  const { items: places } = useAutocomplete(text, loadPlaces);
  const items: Item[] = [CURRENT, ...places.map((place) => ({ kind: 'place' as const, place }))];

  // Whether the visitor moved through the list with the arrow keys since typing.
  const navigated = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox<Item>({
    id: 'location-combobox',
    items,
    itemToString: itemText,
    // Uncontrolled input (fast typing never loses characters); the text drives the suggestions.
    onInputValueChange({ inputValue }) {
      setText(inputValue ?? '');
    },
    onSelectedItemChange({ selectedItem }) {
      if (!selectedItem) return;
      if (selectedItem.kind === 'current') setter.useCurrentLocation();
      else setter.choosePlace(selectedItem.place.id);
    },
    stateReducer(state, { type, changes }) {
      // SPEC.md 4: the dropdown opens on typing (desktop only, 800 px or wider).
      if (type === useCombobox.stateChangeTypes.InputClick) return { ...changes, isOpen: state.isOpen };
      if (type === useCombobox.stateChangeTypes.InputChange) return { ...changes, isOpen: (changes.inputValue ?? '').length > 0 };
      return changes;
    },
  });

  return (
    <div className="location-picker">
      <form method="post" action="/location" className="location-form" onSubmit={(e) => e.preventDefault()}>
        <input type="hidden" name="redirectTo" value={setter.redirectTo} />
        <label {...combobox.getLabelProps()} className="location-label">
          <span aria-hidden="true" className="pin" /> Offers <span className="location-label-text">{locationLabel(geo)}</span>
        </label>
        <div className="location-input-wrap">
          <input
            {...combobox.getInputProps({
              ref: inputRef,
              name: 'q',
              placeholder,
              autoComplete: 'off',
              readOnly: narrow,
              onKeyDown: (event) => {
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') navigated.current = true;
                else if (event.key !== 'Enter') navigated.current = false;
                // SPEC.md 4: Enter picks the first suggestion (unless one was chosen with the arrows).
                if (event.key === 'Enter' && !navigated.current && places[0]) {
                  (event.nativeEvent as unknown as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
                  event.preventDefault();
                  combobox.closeMenu();
                  setter.choosePlace(places[0].id);
                }
              },
              onClick: (event) => {
                if (narrow) {
                  (event.nativeEvent as unknown as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
                  setDialogOpen(true);
                }
              },
            })}
            className="location-input"
          />
          <ul {...combobox.getMenuProps()} className={`dropdown ${combobox.isOpen && !narrow ? 'open' : ''}`}>
            {combobox.isOpen && !narrow
              ? items.map((item, index) => (
                  <li
                    key={item.kind === 'current' ? 'current' : String(item.place.id)}
                    {...combobox.getItemProps({ item, index })}
                    className={`dropdown-item ${combobox.highlightedIndex === index ? 'highlighted' : ''} ${item.kind === 'current' ? 'current' : ''}`}
                  >
                    {item.kind === 'current' ? 'Use Current Location' : item.place.suggestion}
                  </li>
                ))
              : null}
          </ul>
        </div>
        <noscript>
          <button type="submit" className="btn btn-small">Set</button>
        </noscript>
      </form>
      <LocationDialog open={dialogOpen} onOpenChange={setDialogOpen} geo={geo} setter={setter} returnFocus={inputRef} />
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
          // SPEC.md 4: 'Set Location' acts only when there is text and at least one result.
          const pick = selected ?? items[0];
          if (text.trim() && pick) choose(pick);
        }}
      >
        <label className="field">
          <span className="visually-hidden">City</span>
          <input
            type="search"
            value={text}
            autoComplete="off"
            placeholder={placeText(geo) || 'Search My City'}
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
        <button type="submit" className="btn btn-primary" disabled={!text.trim() || items.length === 0}>
          Set Location
        </button>
      </form>
    </LazyDialog>
  );
}

export { useSetLocation };
