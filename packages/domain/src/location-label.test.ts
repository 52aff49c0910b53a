import { describe, expect, it } from 'vitest';
import { locationLabel, placeText } from './location-label.ts';

describe('location label (SPEC.md 9)', () => {
  it("reads 'in {city}, {state}' or 'Near You'", () => {
    expect(locationLabel({ city: 'Detroit', state: 'mi' })).toBe('in Detroit, MI');
    expect(locationLabel({ city: '', state: 'MI' })).toBe('Near You');
    expect(locationLabel(null)).toBe('Near You');
    expect(placeText({ city: 'Tampa', state: 'FL' })).toBe('Tampa, FL');
  });
});
