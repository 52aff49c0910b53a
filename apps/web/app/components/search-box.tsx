// Header search (SPEC.md 2 Header, 4 Autocomplete, 5): a GET form to /search that works before
// JavaScript loads; then suggestions from /api/searchautocomplete/ and, below 800 px, a
// full-screen dialog titled 'Search {location}'. Empty text goes to /browse/all.
// The suggestions (downshift, search-combobox.tsx) load on the first focus of or pointer over the
// field; until then a stand-in with the same markup searches on submit (first-load JS,
// docs/performance.md).
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BREAKPOINTS } from '@market/domain/constants';
import { placeText } from '@market/domain/location-label';
import { searchUrl } from '@market/domain/search-url';
import { locationQuery, type UserGeo } from '@market/domain/user-geo';
import { useMediaQuery } from '../lib/ui/hooks.ts';
import { onDemand } from '../lib/ui/on-demand.ts';
import { LazyDialog } from './lazy-dialog.tsx';

export interface SearchFieldProps {
  geo: UserGeo;
  id: string;
  placeholder: string;
  autoFocus?: boolean;
  buttonLabel: string;
  onDone?: () => void;
}

const useSearchCombobox = onDemand(() => import('./search-combobox.tsx'));

function SearchField(props: SearchFieldProps) {
  const [loaded, load] = useSearchCombobox(`${props.id}-input`);
  if (loaded) return <loaded.mod.SearchCombobox {...props} initial={loaded.initial} initialOpen={loaded.open} />;
  return <SearchStandIn {...props} onIntent={load} />;
}

/** The combobox's server markup, without its code: typing and submitting search as the widget does. */
function SearchStandIn({ geo, id, placeholder, autoFocus, buttonLabel, onDone, onIntent }: SearchFieldProps & { onIntent: () => void }) {
  const navigate = useNavigate();
  // A field that takes the focus as it mounts (the mobile search dialog) wants its widget now.
  useEffect(() => {
    if (autoFocus) onIntent();
  }, [autoFocus, onIntent]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement | null;
    onDone?.();
    void navigate(searchUrl(input?.value ?? '', geo));
  };
  return (
    <form role="search" method="get" action="/search" className="search-form" onSubmit={submit} onPointerEnter={onIntent}>
      {locationQuery(geo).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="visually-hidden">
        Search coupons and offers
      </label>
      <div className="search-input-wrap">
        <input
          aria-activedescendant=""
          aria-autocomplete="list"
          aria-controls={`${id}-menu`}
          aria-expanded="false"
          aria-labelledby={`${id}-label`}
          autoComplete="off"
          id={`${id}-input`}
          role="combobox"
          name="q"
          type="search"
          placeholder={placeholder}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only the search dialog's field, which the visitor opened to type in
          autoFocus={autoFocus}
          maxLength={200}
          defaultValue=""
          onFocus={onIntent}
          className="search-input"
        />
        <ul id={`${id}-menu`} role="listbox" aria-labelledby={`${id}-label`} className="dropdown " />
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
      <SearchField geo={geo} id={id} placeholder={placeholder} buttonLabel={buttonLabel} />
      <LazyDialog open={open} onOpenChange={setOpen} title={title} className="sheet fullscreen search-dialog">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the visitor opened this dialog to type a search */}
        <SearchField geo={geo} id={`${id}-dialog`} placeholder="Search" autoFocus buttonLabel="Search" onDone={() => setOpen(false)} />
      </LazyDialog>
    </div>
  );
}
