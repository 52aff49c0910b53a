// The desktop location field with suggestions (SPEC.md 4): downshift's combobox, loaded on the
// first focus of the field (location-picker.tsx draws the stand-in and owns the dialog).
import { useCombobox } from 'downshift';
import { useRef, useState, type RefObject } from 'react';
import { ZIP_PATTERN } from '@market/domain/list-sort';
import type { PlaceSuggestion } from '../lib/api/api-types.ts';
import { loadPlaces, useAutocomplete } from '../lib/ui/autocomplete.ts';
import type { LocationSetter } from './set-location.ts';

type Item = { kind: 'current' } | { kind: 'place'; place: PlaceSuggestion };

const CURRENT: Item = { kind: 'current' };

function itemText(item: Item | null): string {
  return item?.kind === 'place' ? item.place.suggestion : '';
}

export interface LocationFieldProps {
  placeholder: string;
  narrow: boolean;
  setter: LocationSetter;
  inputRef: RefObject<HTMLInputElement | null>;
  onOpenDialog: () => void;
}

export function LocationCombobox({ placeholder, narrow, setter, inputRef, onOpenDialog, initial, initialOpen }: LocationFieldProps & { initial: string; initialOpen: boolean }) {
  const [text, setText] = useState(initial);
  const { items: places } = useAutocomplete(text, loadPlaces);
  const items: Item[] = [CURRENT, ...places.map((place) => ({ kind: 'place' as const, place }))];

  // Whether the visitor moved through the list with the arrow keys since typing.
  const navigated = useRef(false);
  const combobox = useCombobox<Item>({
    id: 'location-combobox',
    items,
    initialInputValue: initial,
    initialIsOpen: initialOpen,
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
    <div className="location-input-wrap">
      <input
        // eslint-disable-next-line react-hooks/refs -- downshift merges the ref into its own callback ref; nothing reads it while rendering
        {...combobox.getInputProps({
          ref: inputRef,
          name: 'q',
          placeholder,
          autoComplete: 'off',
          readOnly: narrow,
          onKeyDown: (event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') navigated.current = true;
            else if (event.key !== 'Enter') navigated.current = false;
            // A 5-digit ZIP code sets the place by itself (docs/api.md "Sort, distance and radius").
            if (event.key === 'Enter' && !navigated.current && ZIP_PATTERN.test(text.trim())) {
              (event.nativeEvent as unknown as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
              event.preventDefault();
              combobox.closeMenu();
              setter.chooseZip(text.trim());
              return;
            }
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
              onOpenDialog();
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
  );
}
