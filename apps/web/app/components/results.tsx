// Result lists with 'More Results' by offset (SPEC.md 2, 7: page size 12), and the empty state
// 'No Results Found' with 'Want to see offers in your area?' and the 'Suggest Location' modal.
import { useState, type ReactNode } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { PAGE_SIZE } from '@market/domain/constants';
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

export function ResultList({ items, offset, label, busy = false }: { items: Item[]; offset: number; label: string; busy?: boolean }) {
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
  return (
    // The cards' titles are h2: the list sits right under the page's h1 (Lighthouse heading-order).
    <div className="results" aria-busy={busy || fetcher.state !== 'idle'}>
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
