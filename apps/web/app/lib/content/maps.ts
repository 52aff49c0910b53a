/** A maps search link for an address (SPEC.md 2 Coupon modal: the address links to a maps service). */
export function mapsHref(parts: Array<string | null | undefined>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.filter(Boolean).join(', '))}`;
}
