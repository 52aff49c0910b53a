import { describe, expect, it } from 'vitest';
import { SEARCH_SYNONYM_GROUPS, synonymsOf } from './search-synonyms.ts';

describe('search synonyms', () => {
  it('links trades and services both ways', () => {
    expect(synonymsOf('plumber')).toContain('plumbing');
    expect(synonymsOf('plumbing')).toContain('plumber');
    expect(synonymsOf('hvac')).toContain('heating cooling');
    expect(synonymsOf('auto')).toContain('car');
    expect(synonymsOf('car')).toContain('auto');
    expect(synonymsOf('mechanic')).toContain('auto repair');
    expect(synonymsOf('roofer')).toContain('roofing');
    expect(synonymsOf('electrician')).toContain('electrical');
  });

  it('answers nothing for other words, caps the list and never lists the word itself', () => {
    expect(synonymsOf('pizza')).toEqual(['pizzeria']);
    expect(synonymsOf('zzz')).toEqual([]);
    expect(synonymsOf('hvac', 2)).toHaveLength(2);
    for (const group of SEARCH_SYNONYM_GROUPS) {
      for (const word of group) {
        if (word.includes(' ')) continue;
        expect(synonymsOf(word, 99)).not.toContain(word);
        // Lower-case letters and digits only: they go into a tsquery as they are.
        for (const s of synonymsOf(word, 99)) expect(s).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
      }
    }
  });
});
