import { describe, expect, it } from 'vitest';
import { brandFor, pageTitle } from './brand.ts';

describe('brand (SPEC.md 1)', () => {
  it('is green inside the Twin Cities area and teal elsewhere', () => {
    expect(brandFor({ city: 'Minneapolis', state: 'MN' }).id).toBe('twincities');
    expect(brandFor({ city: 'Edina', state: 'MN', lat: 44.8897, lng: -93.3499 }).id).toBe('twincities');
    expect(brandFor({ city: 'Detroit', state: 'MI', lat: 42.33, lng: -83.05 }).id).toBe('default');
    expect(brandFor(null).id).toBe('default');
    expect(pageTitle('Pizza', brandFor({ city: 'Minneapolis', state: 'MN' }))).toBe('Pizza | LocalSaver Twin Cities');
    expect(pageTitle('', brandFor(null))).toBe('LocalSaver | Live Life for Less');
  });
});
