// Result lists with 'More Results' by offset (SPEC.md 2, 7: page size 12), and the empty state
// 'No Results Found' with 'Want to see offers in your area?' and the 'Suggest Location' modal.
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { PAGE_SIZE } from '@market/domain/constants';
import { VALID_NOW_PARAM } from '@market/domain/valid-now-choice';
import type { LocationDetail, OfferListItem } from '../lib/api/api-types.ts';
import { OfferCard } from './offer-card.tsx';
import { LocationCard } from './location-card.tsx';
import { SuggestDialog } from './lead-forms.tsx';

type Item = OfferListItem | LocationDetail;

function keyOf(item: Item): string {
  return 'entitiable_id' in item ? `o${item.entitiable_id}-${item.location_id}` : `l${item.id}`;
}

function nextHref(location: { pathname: string; search: string }, offset: number): string {
  const params = new URLSearchParams(location.search);
  for (const k of ['o', 'c', 'l']) params.delete(k);
  params.set('offset', String(offset));
  return `${location.pathname}?${params.toString()}`;
}

/** `renderMap`: the map view of the offers shown (those of 'More Results' too), above the list. */
export function ResultList({ items, offset, label, busy = false, renderMap }: { items: Item[]; offset: number; label: string; busy?: boolean; renderMap?: ((offers: OfferListItem[]) => ReactNode) | undefined }) {
  const location = useLocation();
  const fetcher = useFetcher<{ items: Item[] }>();
  const [more, setMore] = useState<Item[][]>([]);
  const [lastLength, setLastLength] = useState(items.length);
  // New first items (a new search) start the list again; each page 'Load more' fetched joins it once.
  const [shownItems, setShownItems] = useState(items);
  const [joined, setJoined] = useState(fetcher.data);
  if (shownItems !== items) {
    setShownItems(items);
    setMore([]);
    setLastLength(items.length);
  } else if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== joined) {
    const page = fetcher.data.items;
    setJoined(fetcher.data);
    setMore((m) => [...m, page]);
    setLastLength(page.length);
  }
  const all = [...items, ...more.flat()];
  const seen = new Set<string>();
  const unique = all.filter((i) => (seen.has(keyOf(i)) ? false : (seen.add(keyOf(i)), true)));
  const nextOffset = offset + PAGE_SIZE * (1 + more.length);
  const href = nextHref(location, nextOffset);
  // One array per list change, so the map redraws its markers only when the list changes.
  const offers = useMemo(() => [...shownItems, ...more.flat()].filter((i, n, all): i is OfferListItem => 'entitiable_id' in i && all.findIndex((j) => keyOf(j) === keyOf(i)) === n), [shownItems, more]);
  return (
    // The cards' titles are h2: the list sits right under the page's h1 (Lighthouse heading-order).
    <div className="results" aria-busy={busy || fetcher.state !== 'idle'}>
      {renderMap?.(offers)}
      <ul className="card-grid" aria-label={label}>
        {unique.map((item) => (
          <li key={keyOf(item)}>{'entitiable_id' in item ? <OfferCard offer={item} headingLevel={2} /> : <LocationCard location={item} headingLevel={2} />}</li>
        ))}
      </ul>
      {lastLength >= PAGE_SIZE ? (
        <p className="center">
          <Link
            to={href}
            className="btn btn-outline"
            onClick={(event) => {
              event.preventDefault();
              fetcher.load(href);
            }}
          >
            {fetcher.state !== 'idle' ? 'Loading...' : 'More Results'}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The empty state of a list filtered to "Valid right now" (`now=1`): nothing open and valid at
 * this minute, with the same list unfiltered one click away.
 */
export function NothingValidNow() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const k of [VALID_NOW_PARAM, 'offset', 'o', 'c', 'l']) params.delete(k);
  const all = `${location.pathname}${params.size ? `?${params.toString()}` : ''}`;
  return (
    <section className="empty-state" aria-labelledby="nothing-now">
      <h2 id="nothing-now">Nothing valid right now nearby</h2>
      <p>No offer here can be used at this hour at a place that is open now. Places open and deals start through the day.</p>
      <p>
        <Link to={all} className="btn btn-primary">
          Show all offers
        </Link>
      </p>
    </section>
  );
}

export function NoResults({ children }: { children?: ReactNode }) {
  return (
    <section className="empty-state" aria-labelledby="no-results">
      <h2 id="no-results">No Results Found</h2>
      {children}
      <p>Want to see offers in your area?</p>
      <SuggestDialog label="Suggest Location" look="primary" />
    </section>
  );
}
