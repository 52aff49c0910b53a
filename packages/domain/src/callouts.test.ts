import { describe, expect, it } from 'vitest';
import { calloutLinkAttributes, decorateCalloutLink, isSafeCalloutLink, selectCallouts, shuffled, type CalloutSettings } from './callouts.ts';

const c = (order: number, states: string[], all = false) => ({ order, states: states.map((abbreviation) => ({ abbreviation })), show_for_all_states: all });
const settings = (over: Partial<CalloutSettings> = {}): CalloutSettings => ({ use_default_callouts: false, number_of_default_callouts_to_use: 4, randomize_callout_order: false, ...over });

/** A small deterministic random source (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('selectCallouts (SPEC.md 7)', () => {
  const list = [c(3, ['MI']), c(1, ['IL']), c(2, [], true), c(0, ['mi', 'FL'])];
  it("keeps the state's callouts and the all-states ones, by order", () => {
    expect(selectCallouts(list, settings(), 'MI').map((x) => x.order)).toEqual([0, 2, 3]);
    expect(selectCallouts(list, settings(), 'tx').map((x) => x.order)).toEqual([2]);
    expect(selectCallouts(list, settings(), null).map((x) => x.order)).toEqual([0, 1, 2, 3]);
  });
  it('truncates to the default count', () => {
    expect(selectCallouts(list, settings({ number_of_default_callouts_to_use: 2 }), 'MI').map((x) => x.order)).toEqual([0, 2]);
    expect(selectCallouts(list, settings({ number_of_default_callouts_to_use: 0 }), 'MI')).toEqual([]);
  });
  it('shuffles when randomize_callout_order is set, without changing the input', () => {
    const copy = list.slice();
    const picked = selectCallouts(list, settings({ randomize_callout_order: true, number_of_default_callouts_to_use: 10 }), null, seeded(7));
    expect(picked.map((x) => x.order).sort()).toEqual([0, 1, 2, 3]);
    expect(list).toEqual(copy);
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffled([1, 2, 3, 4], seeded(i)).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('callout links', () => {
  it('accepts site paths and http(s) URLs only', () => {
    expect(isSafeCalloutLink('/browse/all')).toBe(true);
    expect(isSafeCalloutLink('https://example.com/x')).toBe(true);
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'not a url']) {
      expect(isSafeCalloutLink(bad), bad).toBe(false);
    }
  });
  it('appends city, state, lat, lng and filters to internal links only (SPEC.md 7)', () => {
    const place = { city: 'Royal Oak', state: 'MI', lat: 42.49, lng: -83.14 };
    expect(decorateCalloutLink('/browse/food-dining?x=1#top', place)).toBe('/browse/food-dining?x=1&city=Royal+Oak&state=MI&lat=42.49&lng=-83.14#top');
    expect(decorateCalloutLink('/browse/all?city=Old', { city: 'New' })).toBe('/browse/all?city=New');
    expect(decorateCalloutLink('/search', place, { filters: ['pizza', 'sushi'] })).toContain('&filter=pizza&filter=sushi');
    expect(decorateCalloutLink('https://partner.example/deal', place)).toBe('https://partner.example/deal');
    expect(decorateCalloutLink('https://www.localsaver.example/contests', { state: 'MN' }, { siteOrigin: 'https://www.localsaver.example' })).toBe(
      'https://www.localsaver.example/contests?state=MN',
    );
  });
  it('opens new tabs with rel noopener noreferrer', () => {
    expect(calloutLinkAttributes({ target: '_self', rel: '', open_link_in_new_tab: true })).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(calloutLinkAttributes({ target: '_blank', rel: 'sponsored', open_link_in_new_tab: false })).toEqual({ target: '_blank', rel: 'sponsored noopener noreferrer' });
    expect(calloutLinkAttributes({ target: '', rel: '', open_link_in_new_tab: false })).toEqual({ target: '_self', rel: '' });
  });
});
