// Search synonyms between trades and the services they offer (SPEC.md 7: search matches
// categories and subcategories). A searched word that names a trade also matches the words of its
// service, and the other way round: "plumber" finds Plumbing, "hvac" finds Heating & Cooling,
// "auto" finds Car Washing and "car" finds Auto Repair. A small curated list, applied at query time.

/**
 * Groups of equivalent expressions. Each expression is one or more words (all must match);
 * a query word equal to a single-word expression of a group may match any expression of the group.
 */
export const SEARCH_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['plumber', 'plumbers', 'plumbing'],
  ['electrician', 'electricians', 'electrical', 'electric'],
  ['roofer', 'roofers', 'roofing', 'roof'],
  ['hvac', 'heating cooling', 'air conditioning', 'furnace'],
  ['heating', 'hvac', 'furnace'],
  ['cooling', 'hvac', 'air conditioning'],
  ['ac', 'air conditioning', 'hvac'],
  ['auto', 'car', 'cars', 'vehicle'],
  ['car', 'auto', 'vehicle'],
  ['cars', 'auto', 'vehicle'],
  ['mechanic', 'mechanics', 'auto repair'],
  ['painter', 'painters', 'painting'],
  ['landscaper', 'landscapers', 'landscaping', 'lawn'],
  ['carpenter', 'carpenters', 'carpentry'],
  ['handyman', 'handymen', 'handyman services'],
  ['exterminator', 'exterminators', 'pest control'],
  ['locksmith', 'locksmiths'],
  ['mason', 'masons', 'masonry'],
  ['cleaner', 'cleaners', 'cleaning', 'maid'],
  ['maid', 'maids', 'house cleaning'],
  ['mover', 'movers', 'moving'],
  ['dentist', 'dentists', 'dental'],
  ['barber', 'barbers', 'barbershop'],
  ['salon', 'salons', 'hair'],
  ['gym', 'gyms', 'fitness'],
  ['eyeglasses', 'glasses', 'eye care', 'optometrist'],
  ['florist', 'florists', 'flowers'],
  ['tires', 'tire', 'tyres'],
  ['sub', 'subs', 'sandwich', 'sandwiches', 'deli'],
  ['pizzeria', 'pizza'],
  ['sushi', 'japanese'],
  ['lube', 'oil change'],
];

/** Longest word of a synonym group worth indexing (the query words are cut at 40 characters). */
const MAX_WORD = 40;

function buildSynonymIndex(): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const group of SEARCH_SYNONYM_GROUPS) {
    const [head] = group;
    if (head === undefined || head.includes(' ') || head.length > MAX_WORD) continue;
    // The head word of a group (a trade) reaches every other expression; every single word of
    // the group reaches the head and the rest, so that the relation is symmetric within a group.
    for (const member of group) {
      if (member.includes(' ')) continue;
      const others = group.filter((g) => g !== member);
      const list = index.get(member) ?? [];
      for (const o of others) if (!list.includes(o)) list.push(o);
      index.set(member, list);
    }
    // Multi-word expressions are reached, not reaching: "auto repair" is a phrase, not a word.
  }
  return index;
}

const SYNONYMS = buildSynonymIndex();

/**
 * Expressions equivalent to one lower-case query word, at most `max`: single words ("plumbing")
 * or space-separated phrases whose words must all match ("heating cooling"). [] for a word
 * without synonyms.
 */
export function synonymsOf(word: string, max = 4): readonly string[] {
  return (SYNONYMS.get(word) ?? []).slice(0, max);
}
