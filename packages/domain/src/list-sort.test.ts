import { describe, expect, it } from 'vitest';
import { formatDistance, listChoices } from './list-sort.ts';

describe('list choices (docs/api.md "Sort, distance and radius")', () => {
  it('reads sort and radius, empty values being the defaults', () => {
    expect(listChoices(new URLSearchParams('sort=ending&radius=25'))).toEqual({ sort: 'ending', radius: 25 });
    expect(listChoices(new URLSearchParams('sort=&radius='))).toEqual({ sort: undefined, radius: undefined });
    expect(listChoices(new URLSearchParams(''))).toEqual({ sort: undefined, radius: undefined });
  });

  it('names the field of an unknown value', () => {
    expect(listChoices(new URLSearchParams('sort=biggest'))).toMatchObject({ field: 'sort' });
    expect(listChoices(new URLSearchParams('radius=7'))).toMatchObject({ field: 'radius' });
    expect(listChoices(new URLSearchParams('radius=5.0'))).toMatchObject({ field: 'radius' });
  });

  it('writes distances with one decimal under 10 miles and whole miles above', () => {
    expect(formatDistance(0.37)).toBe('0.4 mi');
    expect(formatDistance(0)).toBe('0.0 mi');
    expect(formatDistance(9.94)).toBe('9.9 mi');
    expect(formatDistance(9.96)).toBe('10 mi');
    expect(formatDistance(12.5)).toBe('13 mi');
    expect(formatDistance(null)).toBeNull();
  });
});
