import { describe, expect, it } from 'vitest';
import { offerShareLink, shareTargets, stripLocationFromLink } from './share-link.ts';

describe('share links (SPEC.md 2, 4)', () => {
  it('strips lat, lng, city and state', () => {
    expect(stripLocationFromLink('https://x.test/merchants/a/3/?o=5&lat=1&lng=2&city=Detroit&state=MI')).toBe('https://x.test/merchants/a/3/?o=5');
    expect(stripLocationFromLink('/search?q=pizza&city=Chicago')).toBe('/search?q=pizza');
  });
  it('builds the offer share link and the share targets', () => {
    const link = offerShareLink('https://x.test/', 'tonys-pizza', 12, 99);
    expect(link).toBe('https://x.test/merchants/tonys-pizza/12/?o=99');
    const targets = shareTargets(link, '$5 off');
    expect(targets.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
    expect(targets.twitter).toContain(encodeURIComponent(link));
    expect(targets.email.startsWith('mailto:?subject=%245%20off')).toBe(true);
  });
});
