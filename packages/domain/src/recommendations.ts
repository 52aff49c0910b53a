// Recommended offers (SPEC.md 2 Home, 7 "recommended offers lookup", 9: 4 results): offers near
// the visitor, favouring the categories of their saved offers and of the preferences they turned on.

/** The seven preference flags of SPEC.md 3 and the main category each one favours. */
export const PREFERENCE_CATEGORY = {
  food_dining_preference: 'food-dining',
  home_services_preference: 'home-improvement',
  health_beauty_preference: 'health-beauty',
  auto_transportation_preference: 'auto-transportation',
  travel_entertainment_preference: 'travel-entertainment',
  retail_fashion_preference: 'retail-fashion',
  special_services_preference: 'special-services',
} as const;

export type PreferenceFlag = keyof typeof PREFERENCE_CATEGORY;

export const PREFERENCE_FLAGS = Object.keys(PREFERENCE_CATEGORY) as PreferenceFlag[];

/** Main category slugs favoured by the flags that are on. */
export function preferredCategorySlugs(flags: Iterable<PreferenceFlag>): string[] {
  return [...new Set([...flags].map((f) => PREFERENCE_CATEGORY[f]))];
}
