import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { illustration, illustrationFor, illustrationForPrize, hasIllustration, MAPPED_ILLUSTRATIONS } from './lib/illustrations.ts';
import { logoSvg, offerSvg, wrapText } from './lib/svg.ts';

describe('svg helpers', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('wraps text into lines and marks a cut with an ellipsis', () => {
    expect(wrapText('$5 off any large pizza', 12, 3)).toEqual(['$5 off any', 'large pizza']);
    const cut = wrapText('one two three four five six seven eight nine ten', 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });

  it('draws logos and offer pictures from an emoji of the package, without initials', () => {
    const logo = logoSvg({ name: 'Tony\'s Pizzeria', art: illustration('pizza'), hue: 8 });
    expect(logo).toContain('data-illustration="pizza"');
    expect(logo).not.toContain('<text');
    expect(logo).toContain('<title>Tony&#39;s Pizzeria logo</title>');
    expect(offerSvg({ headline: 'x', merchantName: 'y', art: illustration('taco'), hue: 8 })).toContain('<title>x</title>');
  });

  it('chooses by subcategory, then category, and every mapped emoji ships in the package', () => {
    expect(illustrationFor({ subcategorySlug: 'pizza', categorySlug: 'food-dining' })).toBe('pizza');
    expect(illustrationFor({ subcategorySlug: 'mexican', categorySlug: 'food-dining' })).toBe('taco');
    expect(illustrationFor({ subcategorySlug: 'oil-change-lube' })).toBe('oil-drum');
    expect(illustrationFor({ subcategorySlug: 'no-such-sub', categorySlug: 'auto-transportation' })).toBe('automobile');
    expect(illustrationFor({})).toBe('shopping-bags');
    // A name that says what the business is wins over the subcategory picked for it.
    expect(illustrationFor({ name: 'The Evergreen Pizza', subcategorySlug: 'mediterranean' })).toBe('pizza');
    expect(illustrationFor({ name: 'Hansen & Sons Roofing', categorySlug: 'home-improvement' })).toBe('house-with-garden');
    expect(illustrationForPrize('Four oil changes')).toBe('oil-drum');
    expect(illustrationForPrize('$500 grocery gift card')).toBe('shopping-cart');
    expect(illustrationForPrize('A mystery')).toBe('trophy');
    expect(MAPPED_ILLUSTRATIONS.filter((n) => !hasIllustration(n))).toEqual([]);
    expect(illustration('no-such-emoji').name).toBe('shopping-bags');
  });
});
