import { describe, expect, it } from 'vitest';
import { derivedOfferCode, offerCode } from './offer-code.ts';

describe('offer code (SPEC.md 3)', () => {
  it('derives 8 uppercase hex characters of SHA-256 of the id', async () => {
    // sha256("1") = 6b86b273ff34fce1..., sha256("42") = 73475cb40a568e8d...
    expect(await derivedOfferCode(1)).toBe('6B86B273');
    expect(await derivedOfferCode(42)).toBe('73475CB4');
  });
  it('keeps an offer its own code and derives one only when empty', async () => {
    expect(await offerCode(1, 'SAVE10')).toBe('SAVE10');
    expect(await offerCode(1, '  ')).toBe('6B86B273');
    expect(await offerCode(1, null)).toBe('6B86B273');
  });
});
