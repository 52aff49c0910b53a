// The groups of search autocomplete suggestions (GET /api/searchautocomplete/ `group`), in the
// order the answer lists them. Free of zod so that the web's search box can import it.
export const SUGGESTION_GROUPS = ['category', 'merchant', 'place'] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number];
