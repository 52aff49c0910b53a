import { describe, expect, it } from 'vitest';
import { spotlightDescription, stripMarkup } from './spotlight.ts';

describe('spotlight description (SPEC.md 5)', () => {
  it('strips markup and decodes entities', () => {
    expect(stripMarkup('<p>Fast &amp; <strong>friendly</strong></p><script>alert(1)</script>')).toBe('Fast & friendly');
    expect(stripMarkup('a&#39;b &#x41; &bogus;')).toBe("a'b A &bogus;");
  });
  it('cuts to 175 characters plus an ellipsis', () => {
    const long = `<p>${'a'.repeat(300)}</p>`;
    const out = spotlightDescription(long);
    expect(out).toBe(`${'a'.repeat(175)}...`);
    expect(spotlightDescription(`<b>${'b'.repeat(175)}</b>`)).toBe('b'.repeat(175));
    expect(spotlightDescription(null)).toBe('');
  });
});
