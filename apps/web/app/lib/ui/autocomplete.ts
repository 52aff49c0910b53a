// Autocomplete timing (SPEC.md 4): under 2 characters clears the suggestions; 2-3 characters wait
// for the 500 ms debounce; 4 or more ask at once. A failed call clears the suggestions.
import { useEffect, useEffectEvent, useState } from 'react';
import { AUTOCOMPLETE_DEBOUNCE_MS, MIN_AUTOCOMPLETE_CHARS } from '@market/domain/constants';
import type { PlaceSuggestion } from '../api/api-types.ts';

/** How long to wait before asking for suggestions for this text; null means clear instead. */
export function autocompleteDelay(text: string): number | null {
  const length = text.trim().length;
  if (length < MIN_AUTOCOMPLETE_CHARS) return null;
  return length <= 3 ? AUTOCOMPLETE_DEBOUNCE_MS : 0;
}

export function useAutocomplete<T>(text: string, load: (q: string, signal: AbortSignal) => Promise<T[]>): { items: T[]; loading: boolean } {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const loadNow = useEffectEvent(load);
  const delay = autocompleteDelay(text);
  // Too short: the suggestions go at once, while rendering, not an effect later.
  if (delay === null && (items.length > 0 || loading)) {
    setItems([]);
    setLoading(false);
  }
  useEffect(() => {
    if (delay === null) return;
    const controller = new AbortController();
    const id = setTimeout(() => {
      setLoading(true);
      loadNow(text.trim(), controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) setItems(found);
        })
        .catch(() => {
          if (!controller.signal.aborted) setItems([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delay);
    return () => {
      clearTimeout(id);
      controller.abort();
    };
  }, [text, delay]);
  return { items, loading };
}

/** GET a JSON list from our own API in the browser; [] for anything but a 2xx array. */
export async function fetchList<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const res = await fetch(path, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) return [];
  const body: unknown = await res.json();
  return Array.isArray(body) ? (body as T[]) : [];
}

/** City suggestions for the location field and dialog. */
export function loadPlaces(q: string, signal: AbortSignal): Promise<PlaceSuggestion[]> {
  return fetchList<PlaceSuggestion>(`/api/places/autocomplete/?q=${encodeURIComponent(q)}`, signal);
}
