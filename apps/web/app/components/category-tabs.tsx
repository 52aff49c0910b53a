// Category tabs of the home-pros home (SPEC.md 4): click toggles; clicking the active tab closes
// it after 400 ms. Radix Tabs and the category lists are only for the Twin Cities home, so the
// browser loads this module only when that home is drawn (routes/home.tsx; first-load JS,
// docs/performance.md).
import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { CATEGORY_LISTS, sortListEntries } from '@market/domain/category-lists';
import { TAB_CLOSE_MS } from '@market/domain/constants';
import { searchUrl } from '@market/domain/search-url';
import { withLocationQuery, type UserGeo } from '@market/domain/user-geo';

/** Category tabs (SPEC.md 4): click toggles; clicking the active tab closes it after 400 ms. */
export function CategoryTabs({ geo }: { geo: UserGeo }) {
  const [value, setValue] = useState('');
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wasOpen = useRef(false);
  const lists = HOME_PROS_CATEGORIES.map((c) => ({
    ...c,
    entries: sortListEntries(
      CATEGORY_LISTS.filter((l) => l.parent.slug === c.slug).flatMap((l) => l.entries),
      'name',
    ).slice(0, 12),
  }));
  return (
    <Tabs.Root value={value} onValueChange={setValue} activationMode="manual" className="category-tabs">
      <Tabs.List aria-label="Home pro categories" className="tab-list">
        {lists.map((c) => (
          <Tabs.Trigger
            key={c.slug}
            value={c.slug}
            className="tab"
            // Radix selects a tab on mouse down (and on Enter or Space), before the click: whether
            // the tab was already open is read then, or every first click would close it again.
            onMouseDown={() => {
              wasOpen.current = value === c.slug;
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') wasOpen.current = value === c.slug;
            }}
            onClick={() => {
              if (closing.current) clearTimeout(closing.current);
              closing.current = null;
              if (wasOpen.current) closing.current = setTimeout(() => setValue(''), TAB_CLOSE_MS);
              wasOpen.current = false;
            }}
          >
            {c.display}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {lists.map((c) => (
        <Tabs.Content key={c.slug} value={c.slug} className="tab-panel">
          <ul className="chip-list">
            {c.entries.map((e) => (
              <li key={e.slug}>
                <Link to={searchUrl(e.name, geo)} className="chip">
                  {e.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={withLocationQuery(`/browse/${c.slug}`, geo)} className="chip strong">
                All {c.display}
              </Link>
            </li>
          </ul>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
