// Categories: SPEC.md 3. Eight main categories and five home-pros groups with fixed
// order numbers; the contests slug is removed from filter lists.

export interface CategoryDef {
  slug: string;
  name: string;
  /** Label shown to people when it differs from the name (SPEC.md 3). */
  display: string;
  order: number;
  icon: string;
}

export const MAIN_CATEGORIES: readonly CategoryDef[] = [
  { slug: 'food-dining', name: 'Food & Dining', display: 'Food & Dining', order: 1, icon: 'utensils' },
  { slug: 'home-improvement', name: 'Home Improvement', display: 'Home Improvement', order: 2, icon: 'hammer' },
  { slug: 'auto-transportation', name: 'Auto & Transportation', display: 'Auto & Transportation', order: 3, icon: 'car' },
  { slug: 'contests', name: 'Contests', display: 'Contests', order: 4, icon: 'trophy' },
  { slug: 'travel-entertainment', name: 'Travel & Entertainment', display: 'Entertainment', order: 5, icon: 'ticket' },
  { slug: 'health-beauty', name: 'Health & Beauty', display: 'Health & Beauty', order: 6, icon: 'heart' },
  { slug: 'retail-fashion', name: 'Retail & Fashion', display: 'Retail & Fashion', order: 7, icon: 'bag' },
  { slug: 'special-services', name: 'Special Services', display: 'Other', order: 8, icon: 'star' },
];

/** Slugs that exist but are not part of the eight-item category list (SPEC.md 3). */
export const OTHER_MAIN_SLUGS = ['community', 'locations'] as const;

/** Home-pros groups (SPEC.md 2 and 3), in their fixed order. */
export const HOME_PROS_CATEGORIES: readonly CategoryDef[] = [
  { slug: 'home-improvement', name: 'Home Improvement', display: 'Home Improvement', order: 1, icon: 'hammer' },
  { slug: 'kitchen-bath', name: 'Kitchen & Bath', display: 'Kitchen & Bath', order: 2, icon: 'sink' },
  { slug: 'outdoors', name: 'Outdoors', display: 'Outdoors', order: 3, icon: 'tree' },
  { slug: 'service-repair', name: 'Service & Repair', display: 'Service & Repair', order: 4, icon: 'wrench' },
  { slug: 'cleaning-maintenance', name: 'Cleaning & Maintenance', display: 'Cleaning & Maintenance', order: 5, icon: 'broom' },
];

export const CONTESTS_SLUG = 'contests';

/** Categories offered in filter lists: the contests slug is removed (SPEC.md 3). */
export function filterableMainCategories(): CategoryDef[] {
  return MAIN_CATEGORIES.filter((c) => c.slug !== CONTESTS_SLUG);
}

/** Every slug a browse page exists for (SPEC.md 2 route table). */
export const BROWSE_SLUGS: readonly string[] = [
  ...new Set([...MAIN_CATEGORIES.filter((c) => c.slug !== CONTESTS_SLUG).map((c) => c.slug), ...HOME_PROS_CATEGORIES.map((c) => c.slug)]),
];

/** Category slugs are lowercase words joined by hyphens. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
