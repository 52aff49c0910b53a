// Header search (SPEC.md 2 Header, 4 Autocomplete, 5): a GET form to /search that works before
// JavaScript loads; then suggestions from /api/searchautocomplete/ and, below 800 px, a
// full-screen dialog titled 'Search {location}'. Empty text goes to /browse/all.
import { useCombobox } from 'downshift';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BREAKPOINTS } from '@market/domain/constants';
import { placeText } from '@market/domain/location-label';
import { searchUrl } from '@market/domain/search-url';
import { locationQuery, type UserGeo } from '@market/domain/user-geo';
import type { PlaceSuggestion } from '../lib/api-types.ts';
import { fetchList, useAutocomplete } from '../lib/autocomplete.ts';
import { useMediaQuery } from '../lib/hooks.ts';
import { LazyDialog } from './lazy-dialog.tsx';

function suggestionsPath(q: string, geo: UserGeo): string {
  const params = new URLSearchParams([['q', q], ...locationQuery(geo)]);
  return `/api/searchautocomplete/?${params.toString()}`;
}

function SearchCombobox({ geo, id, placeholder, autoFocus, buttonLabel, onDone, initial = '' }: { geo: UserGeo; id: string; placeholder: string; autoFocus?: boolean; buttonLabel: string; onDone?: () => void; initial?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const { items } = useAutocomplete(text, (q, signal) => fetchList<PlaceSuggestion>(suggestionsPath(q, geo), signal));
  const go = (value: string) => {
    onDone?.();
    void navigate(searchUrl(value, geo));
  };
  const combobox = useCombobox<PlaceSuggestion>({
    id,
    items,
    itemToString: (item) => item?.suggestion ?? '',
    // Uncontrolled input (fast typing never loses characters); the text drives the suggestions.
    onInputValueChange({ inputValue }) {
      setText(inputValue ?? '');
    },
    onSelectedItemChange({ selectedItem }) {
      if (selectedItem) go(selectedItem.suggestion);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text);
  };
  return (
    <form role="search" method="get" action="/search" className="search-form" onSubmit={submit}>
      {locationQuery(geo).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label {...combobox.getLabelProps()} className="visually-hidden">
        Search coupons and offers
      </label>
      <div className="search-input-wrap">
        <input
          {...combobox.getInputProps({
            name: 'q',
            type: 'search',
            placeholder,
            autoComplete: 'off',
            autoFocus,
            maxLength: 200,
            onKeyDown: (event) => {
              // Enter without a highlighted suggestion submits the typed text.
              if (event.key === 'Enter' && combobox.highlightedIndex < 0) (event.nativeEvent as unknown as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            },
          })}
          className="search-input"
        />
        <ul {...combobox.getMenuProps()} className={`dropdown ${combobox.isOpen && items.length ? 'open' : ''}`}>
          {combobox.isOpen
            ? items.map((item, index) => (
                <li key={`${item.id}-${index}`} {...combobox.getItemProps({ item, index })} className={`dropdown-item ${combobox.highlightedIndex === index ? 'highlighted' : ''}`}>
                  {item.suggestion}
                </li>
              ))
            : null}
        </ul>
      </div>
      <button type="submit" className="btn btn-primary search-button">
        {buttonLabel}
      </button>
    </form>
  );
}

export function SearchBox({ geo, twinCities, buttonLabel = 'Search', id = 'header-search' }: { geo: UserGeo; twinCities: boolean; buttonLabel?: string; id?: string }) {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [open, setOpen] = useState(false);
  // SPEC.md 2: 'Search' or 'Search Coupons' depending on region and screen size.
  const placeholder = twinCities || narrow ? 'Search' : 'Search Coupons';
  const title = `Search ${placeText(geo) || 'Near You'}`;
  return (
    <div
      className="search-box"
      onClickCapture={(event) => {
        if (narrow && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          event.stopPropagation();
          (event.target as HTMLInputElement).blur();
          setOpen(true);
        }
      }}
    >
      <SearchCombobox geo={geo} id={id} placeholder={placeholder} buttonLabel={buttonLabel} />
      <LazyDialog open={open} onOpenChange={setOpen} title={title} className="sheet fullscreen search-dialog">
        <SearchCombobox geo={geo} id={`${id}-dialog`} placeholder="Search" autoFocus buttonLabel="Search" onDone={() => setOpen(false)} />
      </LazyDialog>
    </div>
  );
}
