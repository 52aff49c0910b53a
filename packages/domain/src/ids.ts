// Database ids as the pages and the API accept them in addresses (SPEC.md 2 Deep links: ?o=, ?c=,
// ?l=; /merchant/:slug/:locationId): a positive integer that fits the id columns.

/** The largest id an integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A positive id from an address value ('42'), or null for anything else (blank, signs, decimals, too large). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
}
