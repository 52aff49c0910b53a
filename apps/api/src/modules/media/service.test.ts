import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { initialsOf, logoSvg, offerSvg, wrapText } from './lib/svg.ts';

describe('svg helpers', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('takes initials from the first two meaningful words', () => {
    expect(initialsOf("Tony's Pizzeria")).toBe('TP');
    expect(initialsOf('The Lakeside Auto Care')).toBe('LA');
    expect(initialsOf('Hansen & Sons Roofing')).toBe('HS');
    expect(initialsOf('Zingers')).toBe('ZI');
    expect(initialsOf('&&&')).toBe('?');
  });

  it('wraps text into lines and marks a cut with an ellipsis', () => {
    expect(wrapText('$5 off any large pizza', 12, 3)).toEqual(['$5 off any', 'large pizza']);
    const cut = wrapText('one two three four five six seven eight nine ten', 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });

  it('gives the same name the same colour and different names different colours', () => {
    expect(logoSvg('Lakeside Auto Care')).toBe(logoSvg('Lakeside Auto Care'));
    expect(logoSvg('Lakeside Auto Care')).not.toBe(logoSvg('Riverside Auto Care'));
    expect(offerSvg({ headline: 'x', merchantName: 'y', motif: 'car' })).toContain('<title>x</title>');
  });
});
