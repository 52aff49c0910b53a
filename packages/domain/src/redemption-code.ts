// Per-copy redemption codes (docs/api.md "Redemption codes"): every printed, downloaded or mobile
// copy of a coupon carries its own code, read aloud, typed at a till or scanned.
//
// A code is 14 random Crockford base32 characters (70 bits: unguessable, far beyond 64) and one
// check character (Luhn mod 32: every single-character typo and most swaps of neighbours are
// caught), shown in three groups of five: `7K3QD-M2XWA-9PTRC`. Reading is forgiving the Crockford
// way: lower case, spaces or missing dashes, O for 0 and I or L for 1 are all accepted. A scanned
// link to `/r/{code}` reads as its code.

/** Crockford's base32: no I, L, O or U, so nothing reads as something else. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a code (5 bits each). */
export const CODE_DATA_LENGTH = 14;
/** Characters of a code without its dashes. */
export const CODE_LENGTH = CODE_DATA_LENGTH + 1;
/** Characters per group when a code is shown. */
const GROUP = 5;

export const CODE_REQUIRED = 'Enter the code printed on the coupon.';
export const CODE_WRONG_LENGTH = `A code has ${CODE_LENGTH} letters and digits, like 7K3QD-M2XWA-9PTRC.`;
export const CODE_TYPO = 'This code has a typo: check each character against the coupon.';

const N = CODE_ALPHABET.length;

function valueOf(char: string): number {
  return CODE_ALPHABET.indexOf(char);
}

/** Luhn mod N over `values`, read from the right; `hasCheck` when the last value is the check. */
function luhnSum(values: number[], hasCheck: boolean): number {
  let factor = hasCheck ? 1 : 2;
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    const addend = factor * values[i]!;
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / N) + (addend % N);
  }
  return sum % N;
}

/** The check character of the data characters of a code. */
export function checkCharacter(data: string): string {
  const remainder = luhnSum([...data].map(valueOf), false);
  return CODE_ALPHABET[(N - remainder) % N]!;
}

/** A new code, canonical (upper case, no dashes). Uses the platform CSPRNG (Web Crypto). */
export function newRedemptionCode(): string {
  const bytes = new Uint8Array(CODE_DATA_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is a multiple of 32: masking keeps every character equally likely.
  const data = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
  return data + checkCharacter(data);
}

/** A canonical code as it is shown: groups of five joined by dashes. */
export function formatRedemptionCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

export type ParsedCode = { ok: true; code: string } | { ok: false; error: string };

/**
 * Reads what a person typed or a scanner read: a code in any case, with or without dashes or
 * spaces, with O, I and L for 0, 1 and 1, or a link ending in `/r/{code}`. Answers the canonical
 * code, or the message to show beside the field.
 */
export function parseRedemptionCode(input: unknown): ParsedCode {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: CODE_REQUIRED };
  let text = input.trim();
  const link = /\/r\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (link) {
    try {
      text = decodeURIComponent(link[1]!);
    } catch {
      return { ok: false, error: CODE_TYPO };
    }
  }
  if (text.length > 64) return { ok: false, error: CODE_WRONG_LENGTH };
  const squeezed = text
    .toUpperCase()
    .replace(/[\s\-_.\u2010-\u2015]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (squeezed.length !== CODE_LENGTH) return { ok: false, error: CODE_WRONG_LENGTH };
  if (![...squeezed].every((c) => valueOf(c) >= 0)) return { ok: false, error: CODE_TYPO };
  if (luhnSum([...squeezed].map(valueOf), true) !== 0) return { ok: false, error: CODE_TYPO };
  return { ok: true, code: squeezed };
}

/** The page a code's QR opens: `{origin}/r/{code}` (the shown form, dashes and all). */
export function redemptionCodeUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/r/${formatRedemptionCode(code)}`;
}
