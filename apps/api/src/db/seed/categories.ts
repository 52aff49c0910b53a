// Category rows (SPEC.md 3): the main categories (the eight of the category
// list plus community and locations), the four home-pros groups other than home-improvement
// (which is the main category itself) and one 'sub' row per entry of every static list.
import { CATEGORY_LISTS, type CategoryList, type ListEntry } from '@market/domain/category-lists';
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES, OTHER_MAIN_SLUGS } from '@market/domain/categories';
import { mediaPaths } from '../media-paths.ts';

export interface CategoryRow {
  id: number;
  kind: 'main' | 'homepros' | 'sub';
  parent_id: number | null;
  slug: string;
  name: string;
  display: string;
  order_num: number;
  list: string | null;
  count: number;
  extra: string | null;
  icon: string | null;
  image_path: string | null;
}

export interface CategoryIndex {
  rows: CategoryRow[];
  mainId(slug: string): number;
  /** The row of a home-pros group: the main home-improvement row for 'home-improvement'. */
  groupId(slug: string): number;
  sub(listId: string, slug: string): CategoryRow;
}

const OTHER_MAIN_DEFS: Record<(typeof OTHER_MAIN_SLUGS)[number], { name: string; icon: string }> = {
  community: { name: 'Community', icon: 'users' },
  locations: { name: 'Locations', icon: 'map-pin' },
};

const listSum = (lists: CategoryList[]) => lists.reduce((n, l) => n + l.entries.reduce((m, e: ListEntry) => m + e.count, 0), 0);

export function buildCategories(): CategoryIndex {
  const rows: CategoryRow[] = [];
  const mains = new Map<string, number>();
  const groups = new Map<string, number>();
  const subs = new Map<string, CategoryRow>();
  const add = (row: Omit<CategoryRow, 'id'>) => {
    const full = { id: rows.length + 1, ...row };
    rows.push(full);
    return full;
  };
  const listsOf = (kind: 'main' | 'homepros', slug: string) => CATEGORY_LISTS.filter((l) => l.parent.kind === kind && l.parent.slug === slug);

  for (const def of MAIN_CATEGORIES) {
    const row = add({
      kind: 'main', parent_id: null, slug: def.slug, name: def.name, display: def.display, order_num: def.order, list: null,
      count: listSum(listsOf('main', def.slug)), extra: null, icon: def.icon, image_path: mediaPaths.category(def.slug),
    });
    mains.set(def.slug, row.id);
  }
  OTHER_MAIN_SLUGS.forEach((slug, i) => {
    const def = OTHER_MAIN_DEFS[slug];
    const row = add({
      kind: 'main', parent_id: null, slug, name: def.name, display: def.name, order_num: MAIN_CATEGORIES.length + i + 1, list: null,
      count: 0, extra: null, icon: def.icon, image_path: mediaPaths.category(slug),
    });
    mains.set(slug, row.id);
  });
  const homeImprovementId = mains.get('home-improvement')!;
  groups.set('home-improvement', homeImprovementId);
  for (const def of HOME_PROS_CATEGORIES) {
    if (def.slug === 'home-improvement') continue;
    const row = add({
      kind: 'homepros', parent_id: homeImprovementId, slug: def.slug, name: def.name, display: def.display, order_num: def.order, list: null,
      count: listSum(listsOf('homepros', def.slug)), extra: null, icon: def.icon, image_path: mediaPaths.category(def.slug),
    });
    groups.set(def.slug, row.id);
  }
  for (const list of CATEGORY_LISTS) {
    const parentId = list.parent.kind === 'main' ? mains.get(list.parent.slug)! : groups.get(list.parent.slug)!;
    list.entries.forEach((entry, i) => {
      const row = add({
        kind: 'sub', parent_id: parentId, slug: entry.slug, name: entry.name, display: entry.name, order_num: i + 1, list: list.id,
        count: entry.count, extra: entry.extra ?? null, icon: null, image_path: null,
      });
      subs.set(`${list.id}:${entry.slug}`, row);
    });
  }

  return {
    rows,
    mainId(slug) {
      const id = mains.get(slug);
      if (id === undefined) throw new Error(`unknown main category ${slug}`);
      return id;
    },
    groupId(slug) {
      const id = groups.get(slug);
      if (id === undefined) throw new Error(`unknown home-pros group ${slug}`);
      return id;
    },
    sub(listId, slug) {
      const row = subs.get(`${listId}:${slug}`);
      if (!row) throw new Error(`unknown subcategory ${listId}:${slug}`);
      return row;
    },
  };
}
