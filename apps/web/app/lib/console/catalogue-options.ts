// Choices the catalogue pages offer in their filters and forms: markets, the categories a merchant
// or an offer is filed under (the main categories and the home-pros groups of GET /api/categories/,
// never contests), offer statuses and secondary types.
import { MARKETS, MARKET_IDS } from '@market/domain/markets';
import type { CategoriesOut } from '@market/domain/api/catalogue';
import { CONTESTS_SLUG } from '@market/domain/categories';

export interface Option {
  value: string;
  label: string;
}

export const MARKET_OPTIONS: Option[] = MARKET_IDS.map((id) => ({ value: id, label: MARKETS[id].name }));

export const STATUS_LABEL: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled', live: 'Live', paused: 'Paused', expired: 'Expired' };
export const STATUS_OPTIONS: Option[] = Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }));

export const SECONDARY_TYPE_LABEL: Record<string, string> = { other: 'Offer', lease: 'Car lease', purchase: 'Car purchase' };
export const SECONDARY_TYPE_OPTIONS: Option[] = Object.entries(SECONDARY_TYPE_LABEL).map(([value, label]) => ({ value, label }));

/** A category and its subcategories, as the forms list them. */
export interface CategoryChoice {
  id: number;
  name: string;
  group: 'Categories' | 'Home pros';
  subcategories: Array<{ id: number; name: string }>;
}

/** The categories a merchant or offer may be filed under, from GET /api/categories/. */
export function categoryChoices(categories: CategoriesOut): CategoryChoice[] {
  const main = categories.main.filter((c) => c.slug !== CONTESTS_SLUG);
  return [
    ...main.map((c) => ({ id: c.id, name: c.name, group: 'Categories' as const, subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name })) })),
    ...categories.homepros.map((c) => ({ id: c.id, name: c.name, group: 'Home pros' as const, subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name })) })),
  ];
}
