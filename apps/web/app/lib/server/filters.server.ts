// The category filter list (SPEC.md 2 Search and browse, 3 Categories, 9): the main categories
// without contests and the subcategories of the static lists, taken by count descending and cut
// to the modal limit of 50, then shown sorted by name.
import { CATEGORY_LISTS, sortListEntries, type ListEntry } from '@market/domain/category-lists';
import { filterableMainCategories, HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { CATEGORY_MODAL_LIMIT } from '@market/domain/constants';
import type { FilterCategory } from '../api/api-types.ts';

/** Filter choices for a browse slug ('all' and search: every list). */
export function filterCategories(slug: string | null): FilterCategory[] {
  const homePros = HOME_PROS_CATEGORIES.some((c) => c.slug === slug);
  const lists = CATEGORY_LISTS.filter((l) => {
    if (!slug || slug === 'all' || slug === 'locations') return true;
    if (slug === 'home-improvement') return l.parent.slug === 'home-improvement' || l.parent.kind === 'homepros';
    return l.parent.slug === slug;
  });
  const main: FilterCategory[] = (homePros ? HOME_PROS_CATEGORIES : filterableMainCategories()).map((c) => ({ slug: c.slug, name: c.display, count: Number.MAX_SAFE_INTEGER }));
  const seen = new Set(main.map((m) => m.slug));
  const entries: ListEntry[] = [];
  for (const list of lists) for (const e of list.entries) if (!seen.has(e.slug)) {
    seen.add(e.slug);
    entries.push(e);
  }
  const subs = sortListEntries(entries, 'count', Math.max(0, CATEGORY_MODAL_LIMIT - main.length)).map((e) => ({ slug: e.slug, name: e.name, count: e.count }));
  return [...main, ...subs.sort((a, b) => a.name.localeCompare(b.name))].slice(0, CATEGORY_MODAL_LIMIT);
}

/** Only known filter slugs, at most the modal limit, from repeated `filter` parameters. */
export function selectedFilters(params: URLSearchParams): string[] {
  const known = new Set(filterCategories(null).map((f) => f.slug));
  for (const list of CATEGORY_LISTS) for (const e of list.entries) known.add(e.slug);
  return [...new Set(params.getAll('filter').map((f) => f.trim().toLowerCase()))].filter((f) => known.has(f)).slice(0, CATEGORY_MODAL_LIMIT);
}
