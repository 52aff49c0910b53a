// The redemption code shown on a coupon (SPEC.md 3 "Offer (detail)": when an offer has no code,
// it is derived from the first 8 characters of a hash of the id).
// Our hash: SHA-256 of the decimal id string, in uppercase hexadecimal, first 8 characters. Web
// Crypto makes it the same in Node and in the browser (decision in docs/decisions.md).

/** Length of a derived code. */
export const DERIVED_CODE_LENGTH = 8;

/** The code derived from an offer id: uppercase hex SHA-256 of String(id), first 8 characters. */
export async function derivedOfferCode(offerId: number): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(String(offerId)));
  let hex = '';
  for (const byte of new Uint8Array(digest).subarray(0, DERIVED_CODE_LENGTH / 2)) hex += byte.toString(16).padStart(2, '0');
  return hex.toUpperCase();
}

/** The code a coupon shows: its own code when set, else the derived one. */
export async function offerCode(offerId: number, code: string | null | undefined): Promise<string> {
  const own = code?.trim();
  return own ? own : derivedOfferCode(offerId);
}
