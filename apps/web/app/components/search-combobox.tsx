// The header and hero search field with suggestions (SPEC.md 4 Autocomplete): downshift's
// combobox, loaded on the first focus of the search field (search-box.tsx draws the stand-in).
import { useCombobox } from 'downshift';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchUrl } from '@market/domain/search-url';
import { locationQuery, type UserGeo } from '@market/domain/user-geo';
import type { PlaceSuggestion } from '../lib/api/api-types.ts';
import { fetchList, useAutocomplete } from '../lib/ui/autocomplete.ts';
import type { SearchFieldProps } from './search-box.tsx';

function suggestionsPath(q: string, geo: UserGeo): string {
  const params = new URLSearchParams([['q', q], ...locationQuery(geo)]);
  return `/api/searchautocomplete/?${params.toString()}`;
}

export function SearchCombobox({ geo, id, placeholder, autoFocus, buttonLabel, onDone, initial = '', initialOpen = false }: SearchFieldProps & { initial?: string; initialOpen?: boolean }) {
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
    initialInputValue: initial,
    initialIsOpen: initialOpen,
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
