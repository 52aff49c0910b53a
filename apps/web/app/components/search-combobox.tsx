// The header and hero search field with suggestions (SPEC.md 4 Autocomplete): downshift's
// combobox, loaded on the first focus of the search field (search-box.tsx draws the stand-in).
// Suggestions come grouped (categories, merchants, places: GET /api/searchautocomplete/ `group`),
// each group a listbox `group` named by its heading with an icon; a place opens the offers near it.
import { useCombobox } from 'downshift';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchUrl } from '@market/domain/search-url';
import { locationQuery, type UserGeo } from '@market/domain/user-geo';
import type { Suggestion } from '@market/domain/api/search';
import { SUGGESTION_GROUPS, type SuggestionGroup } from '@market/domain/suggestion-groups';
import { fetchList, useAutocomplete } from '../lib/ui/autocomplete.ts';
import type { SearchFieldProps } from './search-box.tsx';

const GROUP_HEADINGS: Record<SuggestionGroup, string> = { category: 'Categories', merchant: 'Merchants', place: 'Places' };

/** 16 px outline icons (decorative: the heading text names the group). */
function GroupIcon({ group }: { group: SuggestionGroup }) {
  const paths: Record<SuggestionGroup, string> = {
    // A tag.
    category: 'M2.5 8.6V3a.5.5 0 0 1 .5-.5h5.6l5 5a1 1 0 0 1 0 1.4l-4.2 4.2a1 1 0 0 1-1.4 0zM5.5 5.5h.01',
    // A shop front.
    merchant: 'M2 6.5 3 2.5h10l1 4M2 6.5h12M2 6.5a2 2 0 0 0 4 0 2 2 0 0 0 4 0 2 2 0 0 0 4 0M3 8.5v5h10v-5M6.5 13.5v-3h3v3',
    // A map pin.
    place: 'M8 14.5s-4.5-4.2-4.5-7.5a4.5 4.5 0 0 1 9 0c0 3.3-4.5 7.5-4.5 7.5zM8 8.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  };
  return (
    <svg className="dropdown-icon" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[group]} />
    </svg>
  );
}

function suggestionsPath(q: string, geo: UserGeo): string {
  const params = new URLSearchParams([['q', q], ...locationQuery(geo)]);
  return `/api/searchautocomplete/?${params.toString()}`;
}

export function SearchCombobox({ geo, id, placeholder, autoFocus, buttonLabel, onDone, initial = '', initialOpen = false }: SearchFieldProps & { initial?: string; initialOpen?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const { items: loaded } = useAutocomplete(text, (q, signal) => fetchList<Suggestion>(suggestionsPath(q, geo), signal));
  // Items in group order (the answer's order already), so that downshift's indexes follow the screen.
  const groupOf = (item: Suggestion): SuggestionGroup => item.group;
  const items = SUGGESTION_GROUPS.flatMap((g) => loaded.filter((item) => groupOf(item) === g));
  const go = (value: string) => {
    onDone?.();
    void navigate(searchUrl(value, geo));
  };
  const pick = (item: Suggestion) => {
    if (item.group === 'place' && item.place) {
      // The offers near the place: browse with its location query.
      onDone?.();
      void navigate(searchUrl('', { market: geo.market, ...item.place }));
    } else go(item.suggestion);
  };
  const combobox = useCombobox<Suggestion>({
    id,
    items,
    initialInputValue: initial,
    initialIsOpen: initialOpen,
    itemToString: (item) => item?.suggestion ?? '',
    // Uncontrolled input (fast typing never loses characters); the text drives the suggestions.
    onInputValueChange({ inputValue }) {
      setText(inputValue ?? '');
    },
    onSelectedItemChange({ selectedItem }) {
      if (selectedItem) pick(selectedItem);
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
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- downshift's getLabelProps gives the label its htmlFor */}
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
            ? SUGGESTION_GROUPS.map((group) => {
                const members = items.flatMap((item, index) => (groupOf(item) === group ? [{ item, index }] : []));
                if (!members.length) return null;
                const headingId = `${id}-group-${group}`;
                return (
                  <li key={group} role="group" aria-labelledby={headingId} className="dropdown-group">
                    <div id={headingId} className="dropdown-heading">
                      <GroupIcon group={group} />
                      {GROUP_HEADINGS[group]}
                    </div>
                    <ul role="none" className="dropdown-group-list">
                      {members.map(({ item, index }) => (
                        <li key={`${item.id}-${index}`} {...combobox.getItemProps({ item, index })} className={`dropdown-item ${combobox.highlightedIndex === index ? 'highlighted' : ''}`}>
                          {item.suggestion}
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })
            : null}
        </ul>
      </div>
      <button type="submit" className="btn btn-primary search-button">
        {buttonLabel}
      </button>
    </form>
  );
}
