// The browse and search pages' list choices (docs/api.md "Sort, distance and radius"): the sort
// (`sort=nearest|ending|newest|saving`, the API's `order=distance|ending|newest|saving`), the radius in miles
// (`radius=5|10|25|50`, default the market radius) and how a card writes its distance.

export const LIST_SORTS = ['nearest', 'ending', 'newest', 'saving'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const SORT_LABELS: Record<ListSort, string> = { nearest: 'Nearest', ending: 'Ending soon', newest: 'Newest', saving: 'Biggest saving' };

/** The API list order of each page sort. */
export const SORT_ORDER: Record<ListSort, 'distance' | 'ending' | 'newest' | 'saving'> = { nearest: 'distance', ending: 'ending', newest: 'newest', saving: 'saving' };

export const RADIUS_CHOICES = [5, 10, 25, 50] as const;
export type RadiusChoice = (typeof RADIUS_CHOICES)[number];

export interface ListChoices {
  sort: ListSort | undefined;
  radius: RadiusChoice | undefined;
}

export type ListChoiceError = { field: 'sort' | 'radius'; message: string };

/** The sort and radius of a page's query; an empty value is the default, anything unknown an error naming its field. */
export function listChoices(params: URLSearchParams): ListChoices | ListChoiceError {
  const sort = params.get('sort')?.trim() ?? '';
  const radius = params.get('radius')?.trim() ?? '';
  if (sort && !(LIST_SORTS as readonly string[]).includes(sort)) return { field: 'sort', message: `Use one of: ${LIST_SORTS.join(', ')}.` };
  if (radius && !(RADIUS_CHOICES as readonly number[]).map(String).includes(radius)) return { field: 'radius', message: `Use one of: ${RADIUS_CHOICES.join(', ')} (miles).` };
  return { sort: (sort || undefined) as ListSort | undefined, radius: radius ? (Number(radius) as RadiusChoice) : undefined };
}

/** A card's distance: "0.4 mi" (one decimal under 10 miles), "12 mi" from 10 miles on. */
export function formatDistance(miles: number | null | undefined): string | null {
  if (miles == null || !Number.isFinite(miles) || miles < 0) return null;
  const rounded = Math.round(miles * 10) / 10;
  return rounded < 10 ? `${rounded.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** A US ZIP code as the location picker takes it: exactly five digits. */
export const ZIP_PATTERN = /^\d{5}$/;
